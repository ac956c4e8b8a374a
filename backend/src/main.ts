import 'reflect-metadata';
import { loadConfigOrReport } from './platform/config/config';
import { openRuntime } from './platform/runtime';
import { createApp } from './platform/http/create-app';

async function main(): Promise<void> {
  const config = loadConfigOrReport((message) => process.stderr.write(`${message}\n`));
  if (!config) process.exit(1);
  const runtime = await openRuntime(config);
  const app = await createApp(runtime);
  await app.listen(config.port, config.host);
  process.stdout.write(`Punchline listening on http://${config.host}:${config.port} (public URL ${config.publicBaseUrl})\n`);
}

main().catch((error: unknown) => {
  // A refusal that says what to do (the media storage is not the database's) needs no stack trace.
  const refusal = error instanceof Error && error.name === 'StorageIdentityError';
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (refusal ? error.message : (error.stack ?? error.message)) : String(error)}\n`);
  process.exit(1);
});
