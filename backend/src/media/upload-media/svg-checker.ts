import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { SVG_LIMIT_TEXTS, SVG_MAX_BYTES } from './svg-check';

/** Longer than any SVG under the caps takes on a busy 2-core machine; a file that takes more is refused. */
export const SVG_CHECK_TIMEOUT_MS = 20_000;

/**
 * Runs the SVG check (`svg-check.ts`) off the main thread (issue 24 point 3): a pool of one worker,
 * one file at a time, each with a time limit. A 5 MB file with 200,000 nodes takes seconds to read
 * twice (XML parser, then DOMPurify over jsdom); meanwhile the event loop answers everyone else.
 * A file that overruns its time ends the worker (a new one starts for the next file), and memory
 * is capped so a hostile file can exhaust only the worker's heap.
 */
@Injectable()
export class SvgChecker implements OnModuleDestroy {
  private readonly logger = new Logger('media');
  private worker: Worker | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** null for a drawing, else what was found (for the 400's text). */
  check(bytes: Buffer): Promise<string | null> {
    // Refused before it is copied to the worker: a 20 MB file costs the main thread nothing.
    if (bytes.length > SVG_MAX_BYTES) return Promise.resolve(SVG_LIMIT_TEXTS.tooLarge);
    const run = this.queue.then(
      () => this.runOne(bytes),
      () => this.runOne(bytes),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  onModuleDestroy(): Promise<void> {
    this.closed = true;
    return this.stop();
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private runOne(bytes: Buffer): Promise<string | null> {
    if (this.closed) return Promise.reject(new Error('The SVG checker has stopped'));
    const worker = (this.worker ??= startWorker());
    const id = this.nextId++;
    worker.ref();
    return new Promise<string | null>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        worker.unref();
      };
      const onMessage = (message: { id: number; problem: string | null }): void => {
        if (message.id !== id) return;
        done();
        resolve(message.problem);
      };
      // Out of memory or a crash in the worker: the file is what did it.
      const onError = (error: Error): void => {
        done();
        this.logger.warn(`SVG check failed: ${String(error)}`);
        if (this.worker === worker) this.worker = null;
        resolve(SVG_LIMIT_TEXTS.tooLarge);
      };
      const onExit = (): void => {
        done();
        if (this.worker === worker) this.worker = null;
        if (this.closed) reject(new Error('The SVG checker has stopped'));
        else resolve(SVG_LIMIT_TEXTS.tooLarge);
      };
      const timer = setTimeout(() => {
        done();
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
        resolve(SVG_LIMIT_TEXTS.tooSlow);
      }, SVG_CHECK_TIMEOUT_MS);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // A copy, not a transfer: the upload goes on to be hashed and stored from these bytes.
      worker.postMessage({ id, bytes });
    });
  }
}

/**
 * The compiled app runs the worker's .js; tests run TypeScript sources, which a worker cannot load
 * by itself, so there the worker compiles them with SWC (a dev dependency) as it requires them.
 */
function startWorker(): Worker {
  const compiled = __filename.endsWith('.js');
  const entry = join(__dirname, `svg-check.worker.${compiled ? 'js' : 'ts'}`);
  const source = compiled
    ? `require(${JSON.stringify(entry)});`
    : `const { readFileSync } = require('node:fs');
       const { transformSync } = require('@swc/core');
       require.extensions['.ts'] = (module, filename) => module._compile(transformSync(readFileSync(filename, 'utf8'), {
         filename, module: { type: 'commonjs' }, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
       }).code, filename);
       require(${JSON.stringify(entry)});`;
  const worker = new Worker(source, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 768 } });
  worker.unref();
  return worker;
}
