import { DomainError, assertNever, type EventStore, type UpcasterRegistry } from '@punchline/domain';
import type { Database } from '@punchline/projections';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { PostgresEventStore } from './postgres-event-store';

export interface EventStoreConfig {
  eventStore: 'postgres' | 'eventstoredb';
  eventStoreConnectionString?: string;
}

/** Picks the adapter named by EVENT_STORE (DESIGN §10). */
export function createEventStore(config: EventStoreConfig, db: Database, upcasters?: UpcasterRegistry): EventStore {
  switch (config.eventStore) {
    case 'postgres':
      return new PostgresEventStore(db, { upcasters });
    case 'eventstoredb':
      if (!config.eventStoreConnectionString) {
        throw new DomainError('INVALID_INPUT', 'EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=eventstoredb');
      }
      return new EventStoreDbEventStore(config.eventStoreConnectionString, { upcasters });
    default:
      return assertNever(config.eventStore, 'event store');
  }
}
