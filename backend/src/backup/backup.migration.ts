import type { Database } from '@punchline/projections';
import { migrate, type Migration } from '../platform/database/migrations';
import { privacyStoreMigration } from '../privacy/core';

/**
 * es.restore_runs: one row per restore, written before the first event and closed after the log
 * was verified. A row left open is an interrupted restore (SIGKILL, power cut): the next restore
 * refuses that store in words instead of finding "some events" and guessing.
 */
export const restoreRunsMigration: Migration = {
  id: '0290_backup_restore_runs',
  sql: `
CREATE SCHEMA IF NOT EXISTS es;
CREATE TABLE IF NOT EXISTS es.restore_runs (
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  archive text NOT NULL,
  head_position bigint NOT NULL,
  head_hash text NOT NULL,
  finished_at timestamptz
);
`,
};

/** Applied by whatever uses backups (CLI, the scheduled backups), like the sessions table; with the privacy store a backup carries. */
export async function ensureBackupTables(db: Database): Promise<void> {
  await migrate(db, [restoreRunsMigration, privacyStoreMigration]);
}
