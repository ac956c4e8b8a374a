import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '../../../..');
const register = join(__dirname, 'swc-register.cjs');
const entries = {
  cli: join(__dirname, '..', 'cli.ts'),
  backup: join(__dirname, '..', 'backup.ts'),
  main: join(__dirname, '..', '..', 'main.ts'),
  mediaMigrate: join(__dirname, '..', 'media-migrate.ts'),
} as const;

export interface CliProcess {
  child: ChildProcess;
  /** stdout and stderr lines received so far. */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first matching line from line index `fromLine` on (received or upcoming); rejects after timeoutMs. */
  waitForLine(pattern: RegExp, timeoutMs: number, fromLine?: number): Promise<string>;
  output(): string;
}

/** Runs `cli.ts <args>` (or the server, `main.ts`) from source in a real child process (see swc-register.cjs). */
export function spawnCli(args: string[], env: Record<string, string>, entry: keyof typeof entries = 'cli'): CliProcess {
  const child = spawn(process.execPath, ['-r', register, entries[entry], ...args], {
    cwd: repoRoot,
    // NODE_OPTIONS of jest (vm modules) is not for the child; DATABASE_URL must come only from `env`.
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const onData = (() => {
    let partial = '';
    return (chunk: Buffer) => {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        for (const w of [...waiters]) {
          if (w.pattern.test(line)) {
            waiters.delete(w);
            w.resolve(line);
          }
        }
      }
    };
  })();
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) => {
    // 'close' comes after the pipes are drained, so `lines` is complete by then.
    child.on('close', (code, signal) => resolveExit({ code, signal }));
  });
  return {
    child,
    lines,
    exited,
    output: () => lines.join('\n'),
    waitForLine(pattern, timeoutMs, fromLine = 0) {
      const seen = lines.slice(fromLine).find((l) => pattern.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolveLine, reject) => {
        const waiter = {
          pattern,
          resolve: (line: string) => {
            clearTimeout(timer);
            resolveLine(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No line matching ${pattern} within ${timeoutMs} ms; output:\n${lines.slice(-20).join('\n')}`));
        }, timeoutMs);
        waiters.add(waiter);
        void exited.then(() => {
          if (!waiters.has(waiter)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          reject(new Error(`Process exited before a line matching ${pattern}; output:\n${lines.slice(-20).join('\n')}`));
        });
      });
    },
  };
}

/** Runs a command to completion and returns its exit code and output. */
export async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const p = spawnCli(args, env);
  const { code } = await p.exited;
  return { code, output: p.output() };
}
