import 'reflect-metadata';
import { ConfigError, loadConfig } from './platform/config/config';
import { openRuntime } from './platform/runtime';
import { createApp } from './platform/http/create-app';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const runtime = await openRuntime(config);
  const app = await createApp(runtime);
  await app.listen(config.port, config.host);
  process.stdout.write(`Punchline listening on http://${config.host}:${config.port} (public URL ${config.publicBaseUrl})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
