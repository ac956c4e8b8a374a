import 'reflect-metadata';
import { loadConfigOrReport } from './platform/config/config';
import { openRuntime } from './platform/runtime';
import { createApp } from './platform/http/create-app';
import { refusalMessage } from './platform/refusal';

async function main(): Promise<void> {
  const config = loadConfigOrReport((message) => process.stderr.write(`${message}\n`));
  if (!config) process.exit(1);
  const runtime = await openRuntime(config);
  const app = await createApp(runtime);
  await app.listen(config.port, config.host);
  // The public URL is the one link printed: terminals make links clickable, and a page opened at
  // the listening address instead (127.0.0.1 for localhost) has every sign-in and form refused by
  // the same-origin check, which takes changes only from PUBLIC_BASE_URL's pages.
  process.stdout.write(`Punchline listening on ${config.host} port ${config.port}: open ${config.publicBaseUrl}\n`);
}

main().catch((error: unknown) => {
  const refusal = refusalMessage(error);
  process.stderr.write(`Start-up failed: ${refusal ?? (error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
  process.exit(1);
});
