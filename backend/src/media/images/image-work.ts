import { Injectable } from '@nestjs/common';

/**
 * One image decoded at a time in this process (uploads and the variants reactor alike). A 12 MP
 * photo is ~36 MB of pixels plus libvips' buffers; twenty uploads at once must queue, not decode
 * side by side (issue 13: peak memory ≤ 600 MB), and the second core stays free for requests.
 */
@Injectable()
export class ImageWork {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Runs `job` after every job queued before it has finished (whatever their outcome). */
  run<T>(job: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const result = this.tail.then(job, job);
    this.tail = result.then(
      () => (this.waiting -= 1),
      () => (this.waiting -= 1),
    );
    return result;
  }

  /** Jobs queued or running (for health and tests). */
  get queued(): number {
    return this.waiting;
  }
}
