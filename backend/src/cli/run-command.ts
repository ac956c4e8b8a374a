import { refusalMessage } from '../platform/refusal';

/**
 * Runs a command-line entry's `main` as the process: its answer is the exit code; a throw is printed
 * (stack and all; a refusal by its message alone) and exits 1. Everything is closed by the time
 * `main` answers, so a stray handle must not keep a finished command alive: the process ends 2 s
 * later regardless.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
      setTimeout(() => process.exit(code), 2000).unref();
    },
    (error: unknown) => {
      process.stderr.write(`${refusalMessage(error) ?? (error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
      process.exitCode = 1;
    },
  );
}
