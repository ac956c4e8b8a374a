import { parentPort } from 'node:worker_threads';
import { checkSvg } from './svg-check';

/** The SVG check's thread: one message per file, `{id, bytes}` in, `{id, problem}` out. */
parentPort?.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  let problem: string | null;
  try {
    problem = checkSvg(bytes);
  } catch (error) {
    problem = `an unreadable document (${(error as Error).message})`;
  }
  parentPort!.postMessage({ id, problem });
});
