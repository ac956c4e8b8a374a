import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { DomainError, PRIVACY_TEXTS, type ContactMessage, type PersonalDataRef } from '@punchline/domain';
import type { Database, SqlClient } from '@punchline/projections';
import type { SealedRecord } from './opened-records-cache';
import { openPersonalData, sealPersonalData } from './personal-data-seal';

/** What a contact message's record holds. */
export type MessagePersonalData = ContactMessage;
/** What a notes record holds. */
export interface NotesPersonalData {
  notes: string;
}

export type RecordKind = 'message' | 'notes';

export interface OpenedRecord<T = unknown> {
  recordId: string;
  subjectId: string;
  messageId: string;
  kind: RecordKind;
  createdAt: Date;
  data: T;
  digest: string;
}

interface SealedRow {
  record_id: string;
  subject_id: string;
  message_id: string;
  kind: RecordKind;
  created_at: string | Date;
  sealed: Buffer | Uint8Array;
  key: Buffer | Uint8Array | null;
}

const asBuffer = (bytes: Buffer | Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** The lookup form of an address: case and surrounding space do not make another person. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The privacy store (schema `privacy`, migration 0280): personal data kept apart from the log,
 * sealed under one key per subject (a sender address). Plain class over the database port so the
 * start-up migration and the Nest features share it.
 */
export class PrivacyStore {
  private lookupKey: Promise<Buffer> | null = null;

  constructor(private readonly db: Database) {}

  /** HMAC-SHA256 of the normalised address under the store's lookup key (made once, kept in the store). */
  async emailLookup(email: string, client: SqlClient = this.db): Promise<Buffer> {
    this.lookupKey ??= this.loadLookupKey(client).catch((error: unknown) => {
      this.lookupKey = null;
      throw error;
    });
    return createHmac('sha256', await this.lookupKey).update(normalisedEmail(email), 'utf8').digest();
  }

  private async loadLookupKey(client: SqlClient): Promise<Buffer> {
    await client.query('INSERT INTO privacy.lookup_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
    const { rows } = await client.query<{ key: Buffer | Uint8Array }>('SELECT key FROM privacy.lookup_key WHERE id = 1');
    return asBuffer(rows[0]!.key);
  }

  /** The subject id an address is known by; null when nothing was ever kept for it. */
  async findSubject(email: string): Promise<string | null> {
    const lookup = await this.emailLookup(email);
    const { rows } = await this.db.query<{ subject_id: string }>('SELECT subject_id FROM privacy.subjects WHERE email_lookup = $1', [lookup]);
    return rows[0]?.subject_id ?? null;
  }

  /** The address's subject, made when missing (an erase of an unknown address is recorded under one too). */
  async subjectFor(email: string, client: SqlClient = this.db): Promise<string> {
    const lookup = await this.emailLookup(email, client);
    await client.query('INSERT INTO privacy.subjects (subject_id, email_lookup) VALUES ($1, $2) ON CONFLICT (email_lookup) DO NOTHING', [randomUUID(), lookup]);
    const { rows } = await client.query<{ subject_id: string }>('SELECT subject_id FROM privacy.subjects WHERE email_lookup = $1', [lookup]);
    return rows[0]!.subject_id;
  }

  /** The subject's key, made when it has none (a new subject, or one whose data was all erased). */
  private async keyOf(subjectId: string, client: SqlClient): Promise<Buffer> {
    await client.query('INSERT INTO privacy.subject_keys (subject_id, key) VALUES ($1, $2) ON CONFLICT (subject_id) DO NOTHING', [subjectId, randomBytes(32)]);
    const { rows } = await client.query<{ key: Buffer | Uint8Array }>('SELECT key FROM privacy.subject_keys WHERE subject_id = $1', [subjectId]);
    return asBuffer(rows[0]!.key);
  }

  private async put(client: SqlClient, subjectId: string, messageId: string, kind: RecordKind, data: unknown, recordId = randomUUID()): Promise<PersonalDataRef> {
    const key = await this.keyOf(subjectId, client);
    const { sealed, digest } = sealPersonalData(key, recordId, data);
    await client.query('INSERT INTO privacy.records (record_id, subject_id, message_id, kind, sealed) VALUES ($1, $2, $3, $4, $5)', [recordId, subjectId, messageId, kind, sealed]);
    return { recordId, digest };
  }

  /** Stores a new message's words under its sender's subject; the event then carries only the answer. */
  async storeMessage(messageId: string, message: MessagePersonalData, client?: SqlClient): Promise<{ subjectId: string; personal: PersonalDataRef }> {
    const run = async (tx: SqlClient) => {
      const subjectId = await this.subjectFor(message.email, tx);
      const data: MessagePersonalData = { name: message.name, email: message.email, message: message.message };
      return { subjectId, personal: await this.put(tx, subjectId, messageId, 'message', data) };
    };
    return client ? run(client) : this.db.transaction(run);
  }

  /**
   * Many messages' words at once, in one transaction's client: the rows storeMessage makes for each,
   * in five statements for the lot instead of five per message (the start-up migration of a
   * first-release log moves 100,000 messages in the scale bench: a statement each cost ~40 s).
   * Answers in the order given.
   */
  async storeMessages(messages: readonly { messageId: string; words: MessagePersonalData }[], tx: SqlClient): Promise<{ subjectId: string; personal: PersonalDataRef }[]> {
    if (messages.length === 0) return [];
    const lookups = await Promise.all(messages.map((m) => this.emailLookup(m.words.email, tx)));
    const hex = [...new Set(lookups.map((l) => l.toString('hex')))];
    await tx.query(
      `INSERT INTO privacy.subjects (subject_id, email_lookup)
         SELECT id, decode(lookup, 'hex') FROM unnest($1::uuid[], $2::text[]) AS u(id, lookup)
       ON CONFLICT (email_lookup) DO NOTHING`,
      [hex.map(() => randomUUID()), hex],
    );
    const subjects = await tx.query<{ subject_id: string; lookup: string }>(
      `SELECT subject_id, encode(email_lookup, 'hex') AS lookup FROM privacy.subjects WHERE email_lookup = ANY(SELECT decode(l, 'hex') FROM unnest($1::text[]) AS l)`,
      [hex],
    );
    const subjectOf = new Map(subjects.rows.map((r) => [r.lookup, r.subject_id]));
    const subjectIds = [...new Set(subjectOf.values())];
    await tx.query(
      `INSERT INTO privacy.subject_keys (subject_id, key)
         SELECT id, decode(key, 'hex') FROM unnest($1::uuid[], $2::text[]) AS u(id, key)
       ON CONFLICT (subject_id) DO NOTHING`,
      [subjectIds, subjectIds.map(() => randomBytes(32).toString('hex'))],
    );
    const keys = await tx.query<{ subject_id: string; key: string }>(`SELECT subject_id, encode(key, 'hex') AS key FROM privacy.subject_keys WHERE subject_id = ANY($1::uuid[])`, [subjectIds]);
    const keyOf = new Map(keys.rows.map((r) => [r.subject_id, Buffer.from(r.key, 'hex')]));
    const records = messages.map((m, i) => {
      const subjectId = subjectOf.get(lookups[i]!.toString('hex'))!;
      const recordId = randomUUID();
      const data: MessagePersonalData = { name: m.words.name, email: m.words.email, message: m.words.message };
      const { sealed, digest } = sealPersonalData(keyOf.get(subjectId)!, recordId, data);
      return { subjectId, recordId, messageId: m.messageId, sealed, personal: { recordId, digest } };
    });
    await tx.query(
      `INSERT INTO privacy.records (record_id, subject_id, message_id, kind, sealed)
         SELECT record_id, subject_id, message_id, 'message', decode(sealed, 'hex') FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[]) AS u(record_id, subject_id, message_id, sealed)`,
      [records.map((r) => r.recordId), records.map((r) => r.subjectId), records.map((r) => r.messageId), records.map((r) => r.sealed.toString('hex'))],
    );
    return records.map((r) => ({ subjectId: r.subjectId, personal: r.personal }));
  }

  /** Stores notes on a message under the message's subject; refused once the message was erased. */
  async storeNotes(messageId: string, notes: string, client?: SqlClient): Promise<PersonalDataRef> {
    const run = async (tx: SqlClient) => {
      const { rows } = await tx.query<{ subject_id: string }>(`SELECT subject_id FROM privacy.records WHERE message_id = $1 AND kind = 'message'`, [messageId]);
      if (!rows[0]) throw new DomainError('CONFLICT', PRIVACY_TEXTS.notesErased);
      const data: NotesPersonalData = { notes };
      return this.put(tx, rows[0].subject_id, messageId, 'notes', data);
    };
    return client ? run(client) : this.db.transaction(run);
  }

  /** Removes a record nothing in the log refers to (a refused or no-op command's). */
  async deleteRecord(recordId: string): Promise<void> {
    await this.db.query('DELETE FROM privacy.records WHERE record_id = $1', [recordId]);
  }

  /** Opens records by id; ids of erased records are simply absent from the answer. */
  async open<T>(recordIds: readonly string[]): Promise<Map<string, OpenedRecord<T>>> {
    const ids = [...new Set(recordIds)];
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.query<SealedRow>(
      `SELECT r.record_id, r.subject_id, r.message_id, r.kind, r.created_at, r.sealed, k.key
         FROM privacy.records r LEFT JOIN privacy.subject_keys k ON k.subject_id = r.subject_id
        WHERE r.record_id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.flatMap((row) => openRow<T>(row)).map((r) => [r.recordId, r]));
  }

  /** Records by id with their subject's key, still sealed; erased ones (record or key gone) are absent. */
  async sealedRecords(recordIds: readonly string[]): Promise<SealedRecord[]> {
    if (recordIds.length === 0) return [];
    const { rows } = await this.db.query<{ record_id: string; sealed: Buffer | Uint8Array; key: Buffer | Uint8Array }>(
      `SELECT r.record_id, r.sealed, k.key FROM privacy.records r JOIN privacy.subject_keys k ON k.subject_id = r.subject_id WHERE r.record_id = ANY($1::uuid[])`,
      [recordIds],
    );
    return rows.map((r) => ({ recordId: r.record_id, sealed: asBuffer(r.sealed), key: asBuffer(r.key) }));
  }

  /** Every record kept for a subject, opened, oldest first. */
  async recordsOfSubject(subjectId: string): Promise<OpenedRecord[]> {
    const { rows } = await this.db.query<SealedRow>(
      `SELECT r.record_id, r.subject_id, r.message_id, r.kind, r.created_at, r.sealed, k.key
         FROM privacy.records r LEFT JOIN privacy.subject_keys k ON k.subject_id = r.subject_id
        WHERE r.subject_id = $1 ORDER BY r.created_at, r.record_id`,
      [subjectId],
    );
    return rows.flatMap((row) => openRow(row));
  }

  /** Message ids with anything kept for a subject. */
  async messageIdsOf(subjectId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ message_id: string }>('SELECT DISTINCT message_id FROM privacy.records WHERE subject_id = $1', [subjectId]);
    return rows.map((r) => r.message_id);
  }
}

function openRow<T>(row: SealedRow): OpenedRecord<T>[] {
  // A record whose key is gone is erased in all but the vacuum: nothing to show.
  if (!row.key) return [];
  const opened = openPersonalData<T>(asBuffer(row.key), row.record_id, asBuffer(row.sealed));
  return [
    {
      recordId: row.record_id,
      subjectId: row.subject_id,
      messageId: row.message_id,
      kind: row.kind,
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
      data: opened.data,
      digest: opened.digest,
    },
  ];
}

/**
 * Erases the records of the given messages (their words and notes) and the keys of subjects left with
 * none: what PersonalDataErased and ContactMessagesExpired mean, applied in the projector's batch
 * transaction so the erasure and the log agree, exactly once.
 */
export async function eraseMessages(tx: SqlClient, messageIds: readonly string[], subjectIds: readonly string[] = []): Promise<number> {
  const deleted = await tx.query<{ subject_id: string; message_id: string }>(
    'DELETE FROM privacy.records WHERE message_id = ANY($1::uuid[]) RETURNING subject_id, message_id',
    [[...messageIds]],
  );
  const subjects = [...new Set([...subjectIds, ...deleted.rows.map((r) => r.subject_id)])];
  if (subjects.length > 0) {
    await tx.query(
      `DELETE FROM privacy.subject_keys k WHERE k.subject_id = ANY($1::uuid[])
         AND NOT EXISTS (SELECT 1 FROM privacy.records r WHERE r.subject_id = k.subject_id)`,
      [subjects],
    );
  }
  return new Set(deleted.rows.map((r) => r.message_id)).size;
}
