import 'reflect-metadata';
import { loadConfigOrReport } from '../platform/config/config';
import { migrateMediaToS3 } from '../media';
import { progressBar } from './backfill-images';

const USAGE = 'Usage: npm run media:migrate -- --to s3   (copies DATA_DIR/media to the S3 bucket of the S3_* variables)';

/** `npm run media:migrate -- --to s3`: see media/storage/migrate-to-s3.ts. Progress on stderr; safe to run again. */
async function main(argv: string[]): Promise<number> {
  const to = argv.indexOf('--to') >= 0 ? argv[argv.indexOf('--to') + 1] : undefined;
  if (to !== 's3') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfigOrReport((message) => process.stderr.write(`${message}\n`));
  if (!config) return 2;
  if (!config.storage.endpoint && !config.storage.accessKeyId) {
    process.stderr.write('Invalid configuration:\n  AWS_ACCESS_KEY_ID or S3_ENDPOINT (the bucket to copy to)\n');
    return 2;
  }
  let bar = false;
  await migrateMediaToS3(config, {
    say: (text) => {
      process.stderr.write(bar ? `\n${text}` : text);
      bar = false;
    },
    progress: (done, total, path) => {
      bar = true;
      process.stderr.write(`\r${progressBar(done, total, path).padEnd(100)}`);
    },
  });
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`\nMedia migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
