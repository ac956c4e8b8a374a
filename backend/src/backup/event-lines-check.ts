import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { BackupInvalidError, checkEventLines, type CheckedLines, type ValidateOptions } from './backup-reader';

/**
 * Restore's first pass checks every other events/ entry's lines (backup-reader checkEventLines) in a
 * worker thread while the main thread reads and hashes the next entries, checks the others and
 * walks the chain through the results in order (the links between lines, the log tree). Those
 * checks are most of the first pass's work, each line's stands alone, and the database is idle
 * meanwhile: a core otherwise unused.
 */

export interface Job {
  id: number;
  bytes: Uint8Array;
  name: string;
  first: boolean;
}

export type Answer = { id: number; checked: CheckedLines } | { id: number; invalid: string } | { id: number; error: string };

/** The worker's side: one job at a time, answered with the lines checked or what is wrong. */
export function serveLineChecks(port: { on(event: 'message', listener: (job: Job) => void): unknown; postMessage(answer: Answer): void }): void {
  port.on('message', (job) => {
    try {
      port.postMessage({ id: job.id, checked: checkEventLines(job.bytes, job.name, job.first) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage(error instanceof BackupInvalidError ? { id: job.id, invalid: message } : { id: job.id, error: message });
    }
  });
}

/** Where the checks run: half in a worker thread from the built code; all in this thread where there is no built worker (tests run the sources) or one core. */
export interface LineCheckers {
  check: NonNullable<ValidateOptions['checkLines']>;
  close(): Promise<void>;
}

const WORKER_FILE = join(__dirname, 'event-lines-check.worker.js');

const inThisThread = async (bytes: Uint8Array, name: string, first: boolean): Promise<CheckedLines> => checkEventLines(bytes, name, first);

/** The side of a worker thread the checkers use (a test stands a MessagePort in for it). */
export interface LineCheckWorker {
  on(event: 'message', listener: (answer: Answer) => void): unknown;
  on(event: 'error' | 'exit', listener: () => void): unknown;
  postMessage(job: Job): void;
  terminate(): Promise<unknown>;
}

const builtWorker = (): LineCheckWorker | null =>
  __filename.endsWith('.js') && availableParallelism() >= 2 ? new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: 64 } }) : null;

export function lineCheckers(spawn: () => LineCheckWorker | null = builtWorker): LineCheckers {
  // One worker, and every other entry checked here: the main thread has time between reads, and
  // each worker is a heap and a copy of the code more (restore's peak RSS is a target: < 300 MB).
  const worker = spawn();
  if (!worker) return { check: inThisThread, close: async () => undefined };
  const waiting = new Map<number, { job: Job; resolve: (checked: CheckedLines) => void; reject: (error: Error) => void }>();
  // A worker that died (its heap cap met by an entry holding one very large event, say) leaves its
  // jobs and the rest to this thread: a valid file is never refused for how it was checked.
  let gone = false;
  const takeOver = () => {
    gone = true;
    for (const { job, resolve, reject } of waiting.values()) inThisThread(job.bytes, job.name, job.first).then(resolve, reject);
    waiting.clear();
  };
  worker.on('message', (answer: Answer) => {
    const w = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (!w) return;
    if ('checked' in answer) w.resolve(answer.checked);
    else if ('invalid' in answer) w.reject(new BackupInvalidError(answer.invalid));
    else w.reject(new Error(answer.error));
  });
  worker.on('error', takeOver);
  worker.on('exit', takeOver);
  let next = 0;
  return {
    check(bytes, name, first) {
      const id = next++;
      if (gone || id % 2 === 1) return inThisThread(bytes, name, first);
      return new Promise<CheckedLines>((resolve, reject) => {
        const job = { id, bytes, name, first };
        waiting.set(id, { job, resolve, reject });
        worker.postMessage(job);
      });
    },
    async close() {
      gone = true;
      waiting.clear();
      await worker.terminate();
    },
  };
}
