import { DomainError, assertNever, type EventStore, type UpcasterRegistry } from '@punchline/domain';
import type { Database, Projection, LogIntegrity } from '@punchline/projections';
import type { Migration } from '../database/migrations';
import { postgresStoreMigrations } from './event-store.migration';
import { EventStoreDbEventStore, eventStoreDbMigration, type EventStoreLogger } from '@punchline/eventstoredb';
import { PostgresEventStore } from './postgres-event-store';
import { logTreeMigration, logTreeProjection } from '../log-tree/log-tree';
import { eventStoreDbLeafSource, postgresLeafSource, type LeafSource } from '../log-tree/leaf-source';
import { logTreeTilesMigration } from '../log-tree/tiles';

/** The one door from the backend to the optional EventStoreDB adapter (eventstoredb/): config checks its connection string with this. */
export { eventStoreConnectionStringSchema } from '@punchline/eventstoredb';

export interface EventStoreConfig {
  eventStore: 'postgres' | 'eventstoredb';
  eventStoreConnectionString?: string;
}

/** An event store that can also verify its own hash chain (both adapters are). */
export type VerifiableEventStore = EventStore & LogIntegrity;

/** Every migration the event-store side needs, whichever store is chosen (the EventStoreDB one is empty tables on postgres). */
export const eventStoreMigrations: Migration[] = [...postgresStoreMigrations, eventStoreDbMigration, logTreeMigration, logTreeTilesMigration];

/** Picks the adapter named by EVENT_STORE (DESIGN §10). */
export function createEventStore(
  config: EventStoreConfig,
  db: Database,
  options: { upcasters?: UpcasterRegistry; logger?: EventStoreLogger } = {},
): VerifiableEventStore {
  switch (config.eventStore) {
    case 'postgres':
      return new PostgresEventStore(db, { upcasters: options.upcasters });
    case 'eventstoredb':
      if (!config.eventStoreConnectionString) {
        throw new DomainError('INVALID_INPUT', 'EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=eventstoredb');
      }
      return new EventStoreDbEventStore(config.eventStoreConnectionString, db, { upcasters: options.upcasters, logger: options.logger });
    default:
      return assertNever(config.eventStore, 'event store');
  }
}

/**
 * Projections the store itself needs the projector's leader to run beside the read models: the log
 * digest on EventStoreDB (its log-wide hash chain; the chain is in es.events on postgres), then the
 * log tree over the chain hashes (issue 27), in that order: a batch's digest rows are the tree's
 * leaves. Never given to replay.
 */
export function storeProjections(store: EventStore): Projection[] {
  const tree = logTreeProjection(leafSourceFor(store));
  return store instanceof EventStoreDbEventStore ? [store.logDigest(), tree] : [tree];
}

/** Where the log tree's leaves (chain hashes in log order) are read on this store. */
export function leafSourceFor(store: EventStore): LeafSource {
  return store instanceof EventStoreDbEventStore ? eventStoreDbLeafSource : postgresLeafSource;
}
