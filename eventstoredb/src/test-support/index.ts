/*
 * For tests, in this workspace and the backend's (the contract suite, the adapter inside the app,
 * backups): the emulation of the server and the client's own classes a test needs to drive it. The
 * emulation checks our reading of the server, not the server (in-memory-eventstoredb.ts says how).
 */
export { InMemoryEventStoreDb } from './in-memory-eventstoredb';
export { AccessDeniedError, EventStoreDBClient, MaxAppendSizeExceededError, NO_STREAM, UnavailableError } from '@eventstore/db-client';
