import { randomUUID } from 'node:crypto';
import type { EventSubscription, NewEvent, RecordedEvent } from '@punchline/domain';
import type { Database } from '@punchline/projections';
import { migrate } from '../../database/migrations';
import { PostgresEventStore, postgresStoreMigrations } from '../postgres-event-store';

/** Helpers shared by the event store's test suites (test-support/ is left out of the build). */
export function newEvent(type: string, data: unknown, eventId: string = randomUUID()): NewEvent {
  return {
    eventId,
    type,
    data,
    metadata: { actorEmail: 'ada@example.com', correlationId: randomUUID(), causationId: null, occurredAt: '2025-03-01T12:00:00.000Z' },
  };
}

/** The error a call is rejected with; fails the test when it resolves. */
export async function expectRejected(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be rejected');
}

export function uniqueStream(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

/**
 * Takes events from a subscription until `count` of them pass `keep`, failing after `timeoutMs`.
 * Returns every event received (kept or not) so callers can check order and duplicates.
 */
export async function take(
  subscription: EventSubscription,
  count: number,
  keep: (event: RecordedEvent) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<RecordedEvent[]> {
  const iterator = subscription[Symbol.asyncIterator]();
  const received: RecordedEvent[] = [];
  let kept = 0;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Subscription delivered ${kept} of ${count} events within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    while (kept < count) {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) throw new Error(`Subscription ended after ${kept} of ${count} events`);
      received.push(next.value);
      if (keep(next.value)) kept += 1;
    }
    return received;
  } finally {
    clearTimeout(timer);
  }
}

/** The PostgreSQL event store's tables on `db` (migrated), and the store over them. */
export async function freshStore(db: Database): Promise<PostgresEventStore> {
  await migrate(db, postgresStoreMigrations);
  return new PostgresEventStore(db);
}
