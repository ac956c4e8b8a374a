import { performance } from 'node:perf_hooks';
import type { Database, SqlClient } from '../ports/database.port';
import { assertIdentifier, qualified, type DeferredIndex, type Projection } from '../projection';
import { ensureTrigramExtension } from '../search';
import { LOCK_KEYS } from './lock-keys';

/**
 * Indexes a screen is faster with and correct without (the audit log's trigram search index:
 * without it a search reads the rows). Built with the tables where that costs nothing (an empty
 * table, a replay that installs a rebuilt one); a restore leaves them out, because over a
 * million-row audit log the trigram index alone took longer than writing every event, and the
 * projector leader builds whatever is missing in the background (CREATE INDEX CONCURRENTLY: the
 * table stays writable), after a restore or a build cut short.
 */

/** Whether the database can hold the index (PGlite lacks pg_trgm: its search reads the rows). */
async function canHold(client: SqlClient, index: DeferredIndex): Promise<boolean> {
  switch (index.extension) {
    case undefined:
      return true;
    case 'pg_trgm':
      return ensureTrigramExtension(client);
  }
}

function createStatement(schema: string, index: DeferredIndex, concurrently: boolean): string {
  return `CREATE INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF NOT EXISTS ${assertIdentifier(index.name, 'index name')} ON ${qualified(schema, index.table)} ${index.definition}`;
}

/** Creates a projection's deferred indexes in the caller's transaction (empty tables, or a replay's bulk-loaded ones). */
export async function createDeferredIndexes(tx: SqlClient, projection: Projection, schema: string): Promise<void> {
  for (const index of projection.deferredIndexes ?? []) {
    if (await canHold(tx, index)) await tx.query(createStatement(schema, index, false));
  }
}

/** Deferred indexes of `schema` that are absent or left invalid by a build cut short. */
export async function missingDeferredIndexes(client: SqlClient, projections: Projection[], schema: string): Promise<DeferredIndex[]> {
  const wanted = projections.flatMap((p) => p.deferredIndexes ?? []);
  if (wanted.length === 0) return [];
  const { rows } = await client.query<{ name: string; valid: boolean }>(
    `SELECT c.relname AS name, i.indisvalid AS valid
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = ANY($2::text[])`,
    [schema, wanted.map((index) => index.name)],
  );
  const valid = new Set(rows.filter((r) => r.valid).map((r) => r.name));
  return wanted.filter((index) => !valid.has(index.name));
}

export interface DeferredIndexBuild {
  /** Names built by this call. */
  built: string[];
  seconds: number;
  /** Another process held the build lock: it is building them. */
  busy: boolean;
}

/**
 * Builds the missing deferred indexes on a connection of its own, one process at a time (a session
 * advisory lock, so a second instance neither builds twice nor drops the first one's build in
 * progress). An invalid index, left by a build cut short, is dropped and built again. `onSession`
 * hands out the backend's pid so a stopping projector can cancel a long build (it is simply redone
 * at the next start).
 */
export async function buildDeferredIndexes(db: Database, projections: Projection[], schema: string, onSession?: (pid: number | null) => void): Promise<DeferredIndexBuild> {
  const started = performance.now();
  const result: DeferredIndexBuild = { built: [], seconds: 0, busy: false };
  let buildable = false;
  for (const index of await missingDeferredIndexes(db, projections, schema)) buildable ||= await canHold(db, index);
  if (!buildable) return result;
  const session = await db.dedicatedSession();
  try {
    const { rows } = await session.query<{ locked: boolean; pid: number }>('SELECT pg_try_advisory_lock($1) AS locked, pg_backend_pid() AS pid', [LOCK_KEYS.deferredIndexes]);
    if (rows[0]?.locked !== true) return { ...result, busy: true };
    onSession?.(db.kind === 'pg' ? Number(rows[0].pid) : null);
    // A trigram index over a big audit log takes minutes, past any statement_timeout a DBA set on
    // the account for the site's requests; cancelled, it would be dropped and begun again at every
    // start and never finish. This session is the build's own (pg_dump does the same for its own).
    if (db.kind === 'pg') await session.query('SET statement_timeout = 0; SET lock_timeout = 0');
    try {
      // Read again under the lock: the previous holder may just have built them.
      for (const index of await missingDeferredIndexes(session, projections, schema)) {
        if (!(await canHold(session, index))) continue;
        // PGlite is one connection: nothing to stay concurrent with.
        const concurrently = db.kind === 'pg';
        await session.query(`DROP INDEX ${concurrently ? 'CONCURRENTLY ' : ''}IF EXISTS ${qualified(schema, index.name)}`);
        await session.query(createStatement(schema, index, concurrently));
        result.built.push(index.name);
      }
    } finally {
      onSession?.(null);
      await session.query('SELECT pg_advisory_unlock($1)', [LOCK_KEYS.deferredIndexes]).catch(() => undefined);
    }
  } finally {
    await session.release();
  }
  return { ...result, seconds: (performance.now() - started) / 1000 };
}
