import type { RecordedEvent } from '@punchline/domain';
import type { SqlClient } from './ports/database.port';

export interface ProjectionTable {
  /** Unqualified table name inside the read-model schema. */
  name: string;
  /** Columns of the primary key, in order; replay names differing rows by them. */
  primaryKey: string[];
}

/**
 * A read model (DESIGN §5): SQL tables plus a mapping from events to changes of those tables.
 * Batch-oriented so that one batch can become a few multi-row statements. `schema` is a parameter:
 * the projector writes the live schema `rm`, replay builds into a fresh one.
 */
export interface Projection {
  /** Stable name; keys the checkpoint. */
  name: string;
  /** Bump when the mapping or the tables change: the read model is then rebuilt from position 0. */
  version: number;
  tables: ProjectionTable[];
  /** Creates the tables (and the indexes apply needs) in `schema`; must be idempotent (IF NOT EXISTS). */
  migrate(tx: SqlClient, schema: string): Promise<void>;
  /**
   * Secondary indexes only the read side uses (lists, filters, search). Created right after
   * migrate for the live schema; a replay with swap builds them after its bulk load (building a GIN
   * or B-tree index once over a million rows is several times cheaper than maintaining it per
   * batch), and a comparing replay not at all (it reads whole tables by primary key). Must be idempotent.
   */
  readIndexes?(tx: SqlClient, schema: string): Promise<void>;
  /**
   * Indexes a screen is faster with and correct without, too costly to build inside a restore
   * (runner/deferred-indexes.ts): made with the tables where they are empty or rebuilt by a replay,
   * otherwise built in the background by the projector leader.
   */
  deferredIndexes?: DeferredIndex[];
  /** Applies events (ascending global position, none seen before) inside the caller's transaction. */
  apply(tx: SqlClient, schema: string, events: RecordedEvent[]): Promise<void>;
}

export interface DeferredIndex {
  /** Index name, unique in the schema. */
  name: string;
  /** Unqualified table name. */
  table: string;
  /** What follows `ON <table>`, e.g. `USING gin (search gin_trgm_ops)`. */
  definition: string;
  /** An extension the index needs; where the database has none (PGlite), the index is not made. */
  extension?: 'pg_trgm';
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Schema and table names are spliced into SQL, so only plain lower-case identifiers pass. */
export function assertIdentifier(name: string, what = 'identifier'): string {
  if (!IDENTIFIER.test(name) || name.length > 63) throw new Error(`Invalid ${what}: ${JSON.stringify(name)}`);
  return name;
}

/** `schema.table` after checking both parts. */
export function qualified(schema: string, table: string): string {
  return `${assertIdentifier(schema, 'schema name')}.${assertIdentifier(table, 'table name')}`;
}
