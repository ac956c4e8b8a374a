import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { loadConfigOrReport } from '../platform/config/config';
import { openRuntime } from '../platform/runtime';
import { MediaImagesReactor } from '../media';

/** How often the count of waiting files is read again (another instance may be the one working). */
const POLL_MS = 500;

/** `[########------------] 12/40 · stage.jpg`, as wide as a narrow terminal. */
export function progressBar(done: number, total: number, label: string, width = 24): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}${label ? ` · ${label}` : ''}`;
}

/**
 * `npm run media:backfill`: gives every image stored before the pipeline (issue 13) its clean
 * original and its variants, with a progress bar, then exits. It starts the app's modules without
 * HTTP, so the image reactor does the work (or, when a running app instance leads, that instance
 * does, and this command shows its progress). Safe to stop and run again: the work is recorded per file.
 */
async function main(): Promise<number> {
  const config = loadConfigOrReport((message) => process.stderr.write(`${message}\n`));
  if (!config) return 2;
  const runtime = await openRuntime(config);
  const app = await NestFactory.createApplicationContext(AppModule.forRuntime(runtime), { logger: ['error'] });
  try {
    const reactor = app.get(MediaImagesReactor);
    const count = async () => {
      const { first, rest } = await reactor.pending();
      // A file still without variants has two steps ahead of it (WebP, then the fallback and AVIF).
      return { waiting: first.length * 2 + rest.length, next: (first[0] ?? rest[0])?.path ?? '' };
    };
    const start = await count();
    const total = start.waiting;
    process.stderr.write(total === 0 ? 'Every image already has its variants.\n' : `Processing ${total} image step(s)…\n`);
    reactor.wake();
    for (let now = start; now.waiting > 0; now = await count()) {
      process.stderr.write(`\r${progressBar(total - now.waiting, total, now.next).padEnd(100)}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    if (total > 0) process.stderr.write(`\r${progressBar(total, total, 'done').padEnd(100)}\n`);
    return 0;
  } finally {
    await app.close();
    await runtime.close?.();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`Backfill failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
