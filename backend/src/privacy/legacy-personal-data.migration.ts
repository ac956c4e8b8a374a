import { randomUUID } from 'node:crypto';
import {
  PRIVACY_MIGRATION_STREAM,
  canonicalJson,
  isLegacyContactMessage,
  type ContactMessageReceivedData,
  type PersonalDataMovedOutOfLogData,
  type ResponseNotesEditedData,
} from '@punchline/domain';
import { LIVE_SCHEMA, type Database, type SqlClient, eventHashFromCanonical } from '@punchline/projections';
import { APPEND_LOCK_KEY } from '../platform/event-store/event-store.migration';
import { discardTreeFrom } from '../platform/log-tree/tiles';
import { PrivacyStore } from './privacy-store';

/** Read models that held first-release personal data (audit meta, inbox rows): rebuilt after a migration. */
const READ_MODELS_WITH_PERSONAL_DATA = ['audit', 'contact_responses'];
const PAGE = 5000;

export interface LegacyMigrationResult {
  rewritten: number;
  firstPosition: number;
  previousHead: { position: number; hash: string };
  migrationPosition: number;
}

interface EventRow {
  global_position: string | number;
  stream_id: string;
  stream_revision: string | number;
  event_id: string;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  hash: string;
}

/**
 * Brings messages written by the first release (name, email, message and notes in the event data)
 * under DESIGN §16, provably (ARCHITECTURE "Forgetting a person"). One transaction under the append
 * lock: each such event's words move to the privacy store and its data becomes the current shape
 * (references and salted digests); the chain is recomputed from the first rewritten event to the
 * head; one PersonalDataMovedOutOfLog event names the former head and each rewritten event's position,
 * id and former hash; i27's Merkle nodes from the first rewritten leaf on are discarded (its catch-up
 * rebuilds them); the read models that held the words are marked for a rebuild. A crash rolls it all
 * back and the next start-up does it again. Afterwards es.events is rewritten by VACUUM FULL so its
 * files drop the old row versions. Positions already checked are remembered: a start-up reads only
 * what was appended since. postgres store only (EventStoreDB events cannot be rewritten).
 */
export async function moveLegacyPersonalDataOutOfLog(db: Database, now: () => Date = () => new Date()): Promise<LegacyMigrationResult | null> {
  const store = new PrivacyStore(db);
  const result = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
    const checked = await tx.query<{ checked_through: string | number }>('SELECT checked_through FROM privacy.log_migration WHERE id = 1');
    const from = Number(checked.rows[0]?.checked_through ?? 0);
    const head = await tx.query<{ global_position: string | number; hash: string }>('SELECT global_position, hash FROM es.events ORDER BY global_position DESC LIMIT 1');
    const headPosition = Number(head.rows[0]?.global_position ?? 0);
    const legacy = await tx.query<EventRow>(
      `SELECT global_position, stream_id, stream_revision, event_id, type, schema_version, data::text AS data, metadata::text AS metadata, hash FROM es.events
        WHERE global_position > $1
          AND ((type = 'ContactMessageReceived' AND json_typeof(data->'name') = 'string') OR (type = 'ResponseNotesEdited' AND json_typeof(data->'notes') = 'string'))
        ORDER BY global_position`,
      [from],
    );
    if (legacy.rows.length === 0) {
      await markChecked(tx, headPosition);
      return null;
    }
    // 1. The words to the privacy store (messages in batches first: a notes record needs its
    // message's); the new data of each rewritten event.
    const newData = new Map<number, unknown>();
    const messages = legacy.rows.flatMap((row) => {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      return row.type === 'ContactMessageReceived' && isLegacyContactMessage(data) ? [{ position: Number(row.global_position), data }] : [];
    });
    for (let i = 0; i < messages.length; i += PAGE) {
      const page = messages.slice(i, i + PAGE);
      const stored = await store.storeMessages(page.map(({ data }) => ({ messageId: data.messageId, words: { name: data.name, email: data.email, message: data.message } })), tx);
      page.forEach(({ position, data }, k) => newData.set(position, { messageId: data.messageId, ...stored[k]! } satisfies ContactMessageReceivedData));
    }
    const rewritten: PersonalDataMovedOutOfLogData['rewritten'] = [];
    for (const row of legacy.rows) {
      const position = Number(row.global_position);
      if (!newData.has(position)) {
        const data = JSON.parse(row.data) as Record<string, unknown>;
        const messageId = String(data.messageId);
        const text = String(data.notes);
        const notes = text === '' ? null : await store.storeNotes(messageId, text, tx);
        newData.set(position, { messageId, notes } satisfies ResponseNotesEditedData);
      }
      rewritten.push({ position, eventId: row.event_id, hash: row.hash });
    }
    const firstPosition = rewritten[0]!.position;
    // 2. The chain again from the first rewritten event.
    const before = await tx.query<{ hash: string }>('SELECT hash FROM es.events WHERE global_position = $1', [firstPosition - 1]);
    let prev = before.rows[0]?.hash ?? '';
    for (let start = firstPosition; start <= headPosition; start += PAGE) {
      const { rows } = await tx.query<EventRow>(
        `SELECT global_position, stream_id, stream_revision, event_id, type, schema_version, data::text AS data, metadata::text AS metadata, hash FROM es.events
          WHERE global_position >= $1 AND global_position < $2 ORDER BY global_position`,
        [start, start + PAGE],
      );
      const updates = rows.map((row) => {
        const position = Number(row.global_position);
        const replaced = newData.get(position);
        const data = canonicalJson(replaced ?? JSON.parse(row.data));
        const hash = eventHashFromCanonical(
          prev,
          { eventId: row.event_id, globalPosition: position, schemaVersion: row.schema_version, streamId: row.stream_id, streamRevision: Number(row.stream_revision), type: row.type },
          data,
          canonicalJson(JSON.parse(row.metadata)),
        );
        const update = { position, data: replaced === undefined ? null : data, prev, hash };
        prev = hash;
        return update;
      });
      await tx.query(
        `UPDATE es.events e SET prev_hash = u.prev, hash = u.hash, data = coalesce(u.data::json, e.data)
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS u(position, data, prev, hash)
          WHERE e.global_position = u.position`,
        [updates.map((u) => u.position), updates.map((u) => u.data), updates.map((u) => u.prev), updates.map((u) => u.hash)],
      );
    }
    // 3. The one audited record of it, appended after the head.
    const previousHead = { position: headPosition, hash: head.rows[0]!.hash };
    const migrationPosition = headPosition + 1;
    const stream = await tx.query<{ revision: string | number }>('SELECT revision FROM es.streams WHERE stream_id = $1', [PRIVACY_MIGRATION_STREAM]);
    const revision = stream.rows[0] ? Number(stream.rows[0].revision) + 1 : 0;
    const eventId = randomUUID();
    const data = canonicalJson({ previousHead, rewritten } satisfies PersonalDataMovedOutOfLogData);
    const metadata = canonicalJson({ actorEmail: null, correlationId: eventId, causationId: null, occurredAt: now().toISOString() });
    const hash = eventHashFromCanonical(prev, { eventId, globalPosition: migrationPosition, schemaVersion: 1, streamId: PRIVACY_MIGRATION_STREAM, streamRevision: revision, type: 'PersonalDataMovedOutOfLog' }, data, metadata);
    await tx.query(
      `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash)
       VALUES ($1, $2, $3, $4, 'PersonalDataMovedOutOfLog', 1, $5::json, $6::json, $7, $8)`,
      [migrationPosition, PRIVACY_MIGRATION_STREAM, revision, eventId, data, metadata, prev, hash],
    );
    await tx.query('INSERT INTO es.streams (stream_id, revision) VALUES ($1, $2) ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision', [PRIVACY_MIGRATION_STREAM, revision]);
    // 4. i27's Merkle tree from the first changed leaf (leaf i = position i + 1), rebuilt by its catch-up.
    await discardTreeFrom(tx, firstPosition - 1);
    // 5. Read models that held the words: rebuilt from the rewritten log at start-up (tables dropped).
    const checkpoints = await tx.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [`${LIVE_SCHEMA}.projection_checkpoints`]);
    if (checkpoints.rows[0]?.present) {
      await tx.query(`UPDATE ${LIVE_SCHEMA}.projection_checkpoints SET version = -1 WHERE name = ANY($1::text[])`, [READ_MODELS_WITH_PERSONAL_DATA]);
    }
    await markChecked(tx, migrationPosition);
    return { rewritten: rewritten.length, firstPosition, previousHead, migrationPosition };
  });
  if (result) {
    // Old row versions (with the words) stay in the table's files until rewritten; FULL writes new files.
    await db.query('VACUUM FULL es.events');
    await db.query('VACUUM FULL privacy.records');
    await dropOldWal(db);
  }
  return result;
}

/**
 * The first release's words are also in the write-ahead log that recorded them. Switching to a new
 * segment and checkpointing twice makes every older segment unneeded; with wal_recycle off they are
 * deleted instead of renamed for reuse (a recycled segment keeps its bytes until overwritten).
 * PGlite (one process, superuser) always can; on a PostgreSQL server this needs superuser rights,
 * and without them the server's own checkpoints retire the segments later (ARCHITECTURE says so).
 */
export async function dropOldWal(db: Database): Promise<boolean> {
  const session = await db.dedicatedSession();
  try {
    await session.query('SET wal_recycle = off');
    for (let i = 0; i < 2; i += 1) {
      await session.query('SELECT pg_switch_wal()');
      await session.query('CHECKPOINT');
    }
    await session.query('RESET wal_recycle');
    return true;
  } catch {
    return false;
  } finally {
    await session.release();
  }
}

async function markChecked(tx: SqlClient, position: number): Promise<void> {
  await tx.query('INSERT INTO privacy.log_migration (id, checked_through) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_through = EXCLUDED.checked_through', [position]);
}
