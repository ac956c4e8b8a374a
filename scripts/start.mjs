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
const sources = ['domain/src', 'projections/src', 'backend/src', 'frontend/src', 'frontend/index.html', 'frontend/vite.config.ts'];

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

const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
