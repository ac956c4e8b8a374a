import type { SqlClient } from '@punchline/projections';

/** Names of the values in platform.instance_state. */
export const SHARED_KEYS = {
  sessionSecret: 'session_secret',
  storageId: 'media_storage_id',
  storageWhere: 'media_storage_where',
} as const;

export async function readShared(db: SqlClient, key: string): Promise<string | null> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM platform.instance_state WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

/** Stores `value` unless the key already has one, and answers the value that won (another instance may have been first). */
export async function claimShared(db: SqlClient, key: string, value: string): Promise<string> {
  await db.query('INSERT INTO platform.instance_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
  return (await readShared(db, key))!;
}

export async function writeShared(db: SqlClient, key: string, value: string): Promise<void> {
  await db.query(
    'INSERT INTO platform.instance_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()',
    [key, value],
  );
}

export async function deleteShared(db: SqlClient, key: string): Promise<void> {
  await db.query('DELETE FROM platform.instance_state WHERE key = $1', [key]);
}
