/*
 * The optional EventStoreDB adapter (DESIGN §10, EVENT_STORE=eventstoredb): the domain's EventStore
 * port over @eventstore/db-client v6, with what it keeps beside the log in PostgreSQL (event ids,
 * the log digest). The backend reaches it from one place, platform/event-store/create-event-store.ts.
 */
export { EventStoreDbEventStore, type EventStoreDbEventStoreOptions } from './eventstoredb-event-store';
export type { EventStoreLogger } from './eventstoredb-subscription';
export { eventStoreDbMigration } from './eventstoredb.migration';
export { eventStoreConnectionStringProblem, eventStoreConnectionStringSchema } from './eventstoredb-connection-string';
export { EventDecodeError, STORE_METADATA_KEY } from './eventstoredb-mapping';
