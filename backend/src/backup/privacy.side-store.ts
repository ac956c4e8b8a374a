import type { Database } from '@punchline/projections';
import { eraseMessages } from '../privacy/core';
import type { BackupSideStore } from './side-stores';

/**
 * Issue 28's privacy store as a backup side store: its five tables are self-contained (they
 * reference nothing outside the schema; `message_id` is the contact stream's id), so they travel
 * as rows beside the log — ciphertext and keys as they are (an encrypted backup is the way to keep
 * them safe outside the server). Rows are `{table, row}` with bytea as PostgreSQL's hex text, and go
 * back through json_populate_record, so column types are the table's own.
 */
const TABLES = ['lookup_key', 'subjects', 'subject_keys', 'records', 'log_migration'] as const;
type PrivacyTable = (typeof TABLES)[number];
const PRIMARY_KEY: Record<PrivacyTable, string> = { lookup_key: 'id', subjects: 'subject_id', subject_keys: 'subject_id', records: 'record_id', log_migration: 'id' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const privacySideStore: BackupSideStore = {
  name: 'privacy',
  async describeContents(db: Database) {
    // The lookup key alone is made on first use (any start-up may make it); people and their records are data.
    const { rows } = await db.query<{ subjects: string; records: string }>(
      'SELECT (SELECT count(*) FROM privacy.subjects)::text AS subjects, (SELECT count(*) FROM privacy.records)::text AS records',
    );
    const subjects = Number(rows[0]?.subjects ?? 0);
    const records = Number(rows[0]?.records ?? 0);
    return subjects + records > 0 ? `the privacy store holds ${subjects} people and ${records} records` : null;
  },
  async *rows(db: Database) {
    for (const table of TABLES) {
      // In primary-key order, a page at a time.
      for (let offset = 0; ; offset += 5000) {
        const { rows } = await db.query<{ row: Record<string, unknown> }>(`SELECT row_to_json(t) AS row FROM privacy.${table} t ORDER BY t.${PRIMARY_KEY[table]} LIMIT 5000 OFFSET $1`, [offset]);
        for (const r of rows) yield { table, row: r.row };
        if (rows.length < 5000) break;
      }
    }
  },
  validate(row) {
    if (!TABLES.includes(row.table as PrivacyTable)) throw new Error(`unknown privacy table ${JSON.stringify(row.table)}`);
    if (typeof row.row !== 'object' || row.row === null || Array.isArray(row.row)) throw new Error('a privacy row must be an object');
  },
  async restore(db: Database, rows) {
    await db.transaction(async (tx) => {
      // A key the target made on its first start protects nothing yet (restore needs an empty store): the backup's replaces it.
      if (rows.some((r) => r.table === 'lookup_key')) await tx.query('DELETE FROM privacy.lookup_key');
      if (rows.some((r) => r.table === 'log_migration')) await tx.query('DELETE FROM privacy.log_migration');
      for (const table of TABLES) {
        const ofTable = rows.filter((r) => r.table === table).map((r) => JSON.stringify(r.row));
        if (ofTable.length === 0) continue;
        await tx.query(`INSERT INTO privacy.${table} SELECT (json_populate_record(null::privacy.${table}, r::json)).* FROM unnest($1::text[]) AS r`, [ofTable]);
      }
    });
  },
  erasureIn(event) {
    const data = event.data as { messageIds?: unknown; subjectId?: unknown } | null;
    if (event.type !== 'PersonalDataErased' && event.type !== 'ContactMessagesExpired') return null;
    const messageIds = Array.isArray(data?.messageIds) ? data!.messageIds.filter((id): id is string => typeof id === 'string' && UUID.test(id)) : [];
    const subjects = typeof data?.subjectId === 'string' && UUID.test(data.subjectId) ? [`subject:${data.subjectId}`] : [];
    return { references: [...messageIds, ...subjects], position: event.globalPosition };
  },
  async erase(db: Database, erasure) {
    const messageIds = erasure.references.filter((r) => !r.startsWith('subject:'));
    const subjects = erasure.references.filter((r) => r.startsWith('subject:')).map((r) => r.slice('subject:'.length));
    return db.transaction((tx) => eraseMessages(tx, messageIds, subjects));
  },
};
