#!/usr/bin/env node
// `npm run dev`: server in watch mode (tsc -b --watch + node --watch) and Vite's dev server with
// /api proxied to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The pages come from Vite's origin, so that is the origin the server takes changes from (its
// same-origin check) and sends sign-in back to; without it every sign-in and save is refused.
const env = { PUBLIC_BASE_URL: 'http://localhost:5173', ...process.env };
const run = (cmd, args) => spawn(cmd, args, { cwd: root, stdio: 'inherit', env });
const children = [
  run('npx', ['tsc', '-b', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput']),
  run(process.execPath, ['--watch-path=backend/dist', '--watch-path=projections/dist', '--watch-path=eventstoredb/dist', '--watch-path=domain/dist', 'backend/dist/main.js']),
  run('npm', ['run', 'dev', '-w', '@punchline/frontend']),
];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
