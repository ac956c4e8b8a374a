import type { EventSubscription, RecordedEvent } from '@punchline/domain';

export interface PollingSubscriptionOptions {
  fromPosition: number;
  readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]>;
  /** Subscribes to append notifications; resolves to an unlisten function. */
  listen(onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  pollIntervalMs: number;
  batchSize: number;
  onClosed(subscription: PollingSubscription): void;
}

/**
 * Tails the log by reading `position > last seen` in batches. Safe only because appends commit in
 * position order (global advisory lock): nothing can appear later below the last seen position.
 * Woken by NOTIFY; the poll interval covers a lost notification or a dead LISTEN connection.
 */
export class PollingSubscription implements EventSubscription {
  private position: number;
  private closed = false;
  private notified = false;
  private iterated = false;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly options: PollingSubscriptionOptions) {
    this.position = options.fromPosition;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake();
    this.options.onClosed(this);
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    if (this.iterated) throw new Error('A subscription can be iterated only once');
    this.iterated = true;
    return this.run();
  }

  private async *run(): AsyncGenerator<RecordedEvent> {
    const onNotify = (payload: string): void => {
      const announced = Number(payload);
      if (!Number.isFinite(announced) || announced > this.position) this.wake();
    };
    // Without LISTEN the subscription still works, only slower: it polls.
    const unlisten = await this.options.listen(onNotify).catch(() => null);
    try {
      while (!this.closed) {
        this.notified = false;
        let batch: RecordedEvent[];
        try {
          batch = await this.options.readAll({ fromPosition: this.position, limit: this.options.batchSize });
        } catch (error) {
          if (this.closed) return;
          throw error;
        }
        for (const event of batch) {
          if (this.closed) return;
          this.position = event.globalPosition;
          yield event;
        }
        if (batch.length < this.options.batchSize) await this.sleep(this.options.pollIntervalMs);
      }
    } finally {
      await unlisten?.().catch(() => undefined);
      await this.close();
    }
  }

  private wake(): void {
    this.notified = true;
    const wakeUp = this.wakeUp;
    this.wakeUp = null;
    wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    if (this.notified || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
