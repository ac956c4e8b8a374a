#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve on PORT with the
// embedded defaults (PGlite and media under ./data, development sign-in).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'backend', 'dist', '.build-stamp');
const outputs = [join(root, 'backend', 'dist', 'main.js'), join(root, 'frontend', 'dist', 'client', 'index.html')];
const sources = ['domain/src', 'projections/src', 'eventstoredb/src', 'backend/src', 'frontend/src', 'frontend/index.html', 'frontend/vite.config.ts'];

/**
 * Image processing (sharp/libvips) fragments glibc's malloc arenas, and RSS grows far past what is in
 * use: jemalloc when the machine has it (Debian: libjemalloc2), else at most two arenas. The same
 * choice as infra/Dockerfile and the benchmarks (bench/src/app-process.ts).
 */
function allocatorEnv() {
  const jemalloc = ['/usr/lib/x86_64-linux-gnu/libjemalloc.so.2', '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2'].find((p) => existsSync(p));
  return { MALLOC_ARENA_MAX: '2', ...(jemalloc ? { LD_PRELOAD: jemalloc } : {}) };
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), s.mtimeMs);
}

const built = existsSync(stamp) && outputs.every(existsSync) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(join(root, s))));
if (changed > built) {
  process.stdout.write('Building Punchline (sources changed since the last build)…\n');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, new Date().toISOString());
}

const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], { cwd: root, stdio: 'inherit', env: { ...allocatorEnv(), ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
