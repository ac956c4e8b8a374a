import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { frontendDistDir } from '../../platform/http/frontend-dist';

const ROOT = join(__dirname, '../../../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/**
 * The server renders from frontend/dist: build it when it is missing or older than its sources,
 * so integration suites always test the pages as they are now.
 */
export function ensureFrontendBuilt(): void {
  const entry = join(frontendDistDir(), 'server', 'entry-server.cjs');
  const sources = Math.max(
    newestMtime(join(ROOT, 'frontend', 'src')),
    newestMtime(join(ROOT, 'domain', 'src')),
    statSync(join(ROOT, 'frontend', 'index.html')).mtimeMs,
    statSync(join(ROOT, 'frontend', 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  // Jest sets NODE_ENV=test, which Vite would honour and ship React's development build.
  execFileSync('npm', ['run', 'build:web', '--silent'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
}
