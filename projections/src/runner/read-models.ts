import type { Database, SqlClient } from '../ports/database.port';
import { assertIdentifier, qualified, type Projection } from '../projection';
import { createDeferredIndexes } from './deferred-indexes';
import { LOCK_KEYS } from './lock-keys';

export { LOCK_KEYS };

export const LIVE_SCHEMA = 'rm';
/** NOTIFY channel of committed checkpoint moves (projector batches, replay swaps). */
export const PROJECTED_CHANNEL = 'rm_projected';
export const CHECKPOINT_TABLE = 'projection_checkpoints';
/** NOTIFY channel of a replay swap: the installed tables may lack their deferred indexes. */
export const SWAPPED_CHANNEL = 'rm_swapped';

export interface Checkpoint {
  name: string;
  version: number;
  position: number;
}

export interface ReadModelMigration {
  /** Projections whose tables were created (no checkpoint before). */
  created: string[];
  /** Projections whose version changed: tables dropped, recreated, checkpoint reset to 0. */
  rebuilt: string[];
}

export async function createCheckpointTable(tx: SqlClient, schema: string): Promise<void> {
  await tx.query(`CREATE SCHEMA IF NOT EXISTS ${assertIdentifier(schema, 'schema name')}`);
  await tx.query(`CREATE TABLE IF NOT EXISTS ${qualified(schema, CHECKPOINT_TABLE)} (
    name text PRIMARY KEY,
    version int NOT NULL,
    position bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now())`);
}

/**
 * Creates schema `rm`, the checkpoint table and every projection's tables; idempotent.
 * Version rule: the checkpoint row records the projection version its tables were built with. When the
 * code's version differs, the tables are dropped and recreated and the checkpoint goes back to 0, so the
 * projector rebuilds that read model in place while the others stay live. For a rebuild without a gap,
 * run `replay --swap` with the new code first: it builds aside and swaps, recording the new version.
 */
export async function ensureReadModels(db: Database, projections: Projection[], schema: string = LIVE_SCHEMA): Promise<ReadModelMigration> {
  assertUniqueNames(projections);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEYS.readModelMigrations]);
    await createCheckpointTable(tx, schema);
    const known = new Map((await readCheckpoints(tx, schema)).map((c) => [c.name, c]));
    const result: ReadModelMigration = { created: [], rebuilt: [] };
    for (const projection of projections) {
      const checkpoint = known.get(projection.name);
      if (checkpoint && checkpoint.version === projection.version) continue;
      if (checkpoint) {
        for (const table of projection.tables) await tx.query(`DROP TABLE IF EXISTS ${qualified(schema, table.name)} CASCADE`);
        result.rebuilt.push(projection.name);
      } else {
        result.created.push(projection.name);
      }
      await projection.migrate(tx, schema);
      await projection.readIndexes?.(tx, schema);
      await createDeferredIndexes(tx, projection, schema);
      await tx.query(
        `INSERT INTO ${qualified(schema, CHECKPOINT_TABLE)} (name, version, position) VALUES ($1, $2, 0)
         ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, position = 0, updated_at = now()`,
        [projection.name, projection.version],
      );
    }
    return result;
  });
}

export async function readCheckpoints(client: SqlClient, schema: string = LIVE_SCHEMA): Promise<Checkpoint[]> {
  const { rows } = await client.query<{ name: string; version: number; position: number | string }>(
    `SELECT name, version, position FROM ${qualified(schema, CHECKPOINT_TABLE)} ORDER BY name`,
  );
  return rows.map((r) => ({ name: r.name, version: Number(r.version), position: Number(r.position) }));
}

export function assertUniqueNames(projections: Projection[]): void {
  const names = new Set<string>();
  const tables = new Set<string>([CHECKPOINT_TABLE]);
  for (const p of projections) {
    assertIdentifier(p.name, 'projection name');
    if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
    names.add(p.name);
    for (const t of p.tables) {
      assertIdentifier(t.name, 'table name');
      if (tables.has(t.name)) throw new Error(`Table ${t.name} of projection ${p.name} is already taken`);
      tables.add(t.name);
    }
  }
}
