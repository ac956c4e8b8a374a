import { excludeSystemEvents, type AllStreamSubscription } from '@eventstore/db-client';
import type { EventSubscription, RecordedEvent } from '@punchline/domain';
import { EventDecodeError, commitOf, isSystemEvent, toStoredEvent, type EventStoreDbClientPort, type StoredEvent } from './eventstoredb-mapping';
import type { EventStoreDbReader } from './eventstoredb-reader';

/** pino-compatible (details first, message second). */
export interface EventStoreLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export const silentEventStoreLogger: EventStoreLogger = { warn: () => undefined, error: () => undefined };

export interface SubscriptionOptions {
  client: EventStoreDbClientPort;
  reader: EventStoreDbReader;
  fromPosition: number;
  decode(stored: StoredEvent): RecordedEvent;
  logger: EventStoreLogger;
  /** First pause before resubscribing after an error; doubles up to maxBackoffMs (defaults 1000 / 30000 ms). */
  backoffMs: number;
  maxBackoffMs: number;
  onClosed(subscription: EventStoreDbSubscription): void;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * subscribeToAll (catch-up, then live) consumed with for await. The position moves only after an
 * event has been converted and handed out, so a resubscription starts right after the last event
 * delivered. An event that cannot be converted stops the subscription with that error, logged and
 * thrown to the consumer: skipping it would lose it, and retrying would fail the same way forever.
 * Any other error (connection lost, leader changed, access denied) is logged and retried with a
 * growing pause.
 */
export class EventStoreDbSubscription implements EventSubscription {
  private closed = false;
  private iterated = false;
  private position: number;
  private current: AllStreamSubscription | null = null;
  private cancelDelay: (() => void) | null = null;
  private failures = 0;

  constructor(private readonly options: SubscriptionOptions) {
    this.position = options.fromPosition;
  }

  /** Position of the last event handed out (the start position before the first). */
  get lastPosition(): number {
    return this.position;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelDelay?.();
    const current = this.current;
    this.current = null;
    this.options.onClosed(this);
    await current?.unsubscribe().catch(() => undefined);
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    if (this.iterated) throw new Error('A subscription can be iterated only once');
    this.iterated = true;
    return this.run();
  }

  private async *run(): AsyncGenerator<RecordedEvent> {
    try {
      while (!this.closed) {
        let subscription: AllStreamSubscription | null = null;
        try {
          const start = await this.options.reader.startAfter(this.position);
          if (this.closed) return;
          subscription = this.options.client.subscribeToAll({ fromPosition: start.from, filter: excludeSystemEvents() });
          this.current = subscription;
          for await (const resolved of subscription) {
            if (this.closed) return;
            const commit = commitOf(resolved);
            if (!resolved.event || commit === null || commit <= this.position) continue;
            this.options.reader.known.add(commit);
            if (isSystemEvent(resolved.event)) continue;
            const event = this.convert(toStoredEvent(resolved.event, commit));
            this.position = commit;
            this.failures = 0;
            yield event;
          }
          if (this.closed) return;
          this.options.logger.warn({ position: this.position }, 'eventstoredb subscription ended by the server; resubscribing');
        } catch (error) {
          if (this.closed) return;
          if (error instanceof EventDecodeError) throw error;
          this.failures += 1;
          const pause = this.pause();
          this.options.logger.warn(
            { err: describe(error), position: this.position, attempt: this.failures, retryInMs: pause },
            'eventstoredb subscription failed; resubscribing from the last delivered position',
          );
        } finally {
          if (this.current === subscription) this.current = null;
          await subscription?.unsubscribe().catch(() => undefined);
        }
        await this.delay(this.pause());
      }
    } finally {
      await this.close();
    }
  }

  private convert(stored: StoredEvent): RecordedEvent {
    try {
      return this.options.decode(stored);
    } catch (error) {
      const decodeError = error instanceof EventDecodeError ? error : new EventDecodeError(stored, describe(error));
      this.options.logger.error({ err: decodeError.message, position: stored.position, eventId: stored.eventId }, 'eventstoredb subscription stopped: an event cannot be read');
      throw decodeError;
    }
  }

  private pause(): number {
    if (this.failures === 0) return this.options.backoffMs;
    return Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** (this.failures - 1));
  }

  private delay(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.cancelDelay = null;
        resolve();
      }, ms);
      this.cancelDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
