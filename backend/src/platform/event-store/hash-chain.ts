import { leafHashOfChainHash } from '../log-tree/merkle';
import { createHash } from 'node:crypto';
import { canonicalJson } from '@punchline/domain';
import type { Database } from '@punchline/projections';

/** The fields an event's hash covers; data and metadata as JSON.parse returns them from jsonb. */
export interface HashedEventFields {
  globalPosition: number;
  streamId: string;
  streamRevision: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: unknown;
}

/** sha256hex(prev_hash ‖ canonical JSON of the event); '' is the first event's prev_hash. */
export function eventHash(prevHash: string, event: HashedEventFields): string {
  return eventHashFromCanonical(prevHash, event, canonicalJson(event.data), canonicalJson(event.metadata));
}

/**
 * The same hash with data and metadata already in canonical JSON, so an append that must retry at
 * another position does not serialise them again. The envelope is written out with its keys in
 * sorted order, which is exactly what canonicalJson makes of the whole event.
 */
export function eventHashFromCanonical(
  prevHash: string,
  event: Omit<HashedEventFields, 'data' | 'metadata'>,
  canonicalData: string,
  canonicalMetadata: string,
): string {
  const payload =
    `{"data":${canonicalData},"eventId":${canonicalJson(event.eventId)},"globalPosition":${canonicalJson(event.globalPosition)},` +
    `"metadata":${canonicalMetadata},"schemaVersion":${canonicalJson(event.schemaVersion)},"streamId":${canonicalJson(event.streamId)},` +
    `"streamRevision":${canonicalJson(event.streamRevision)},"type":${canonicalJson(event.type)}}`;
  return createHash('sha256').update(prevHash).update(payload).digest('hex');
}

/** A link of the log-wide chain as stored or exported: the event as written plus its two hashes. */
/** The fields of a stream link (EventStoreDB): the event without its global position, unknown before the write. */
export type StreamHashedFields = Omit<HashedEventFields, 'globalPosition'>;

/**
 * EventStoreDB's per-stream link: sha256hex(prev ‖ canonical JSON of the event without its global
 * position); '' is revision 0's prev. An append with the exact expected revision lands right after
 * the event whose hash it names, which is what makes this chain hold without a log-wide lock.
 */
export function streamEventHash(prevHash: string, event: StreamHashedFields): string {
  const payload =
    `{"data":${canonicalJson(event.data)},"eventId":${canonicalJson(event.eventId)},"metadata":${canonicalJson(event.metadata)},` +
    `"schemaVersion":${canonicalJson(event.schemaVersion)},"streamId":${canonicalJson(event.streamId)},` +
    `"streamRevision":${canonicalJson(event.streamRevision)},"type":${canonicalJson(event.type)}}`;
  return createHash('sha256').update(prevHash).update(payload).digest('hex');
}

export interface ChainRecord extends HashedEventFields {
  prevHash: string;
  hash: string;
}

/** The first event that does not verify, named the way an auditor looks it up (DESIGN §13 first_invalid). */
export interface ChainBreak {
  position: number;
  eventId: string;
  streamId: string;
  type: string;
  reason: string;
}

export interface ChainHead {
  position: number;
  hash: string;
}

/** What `npm run verify` (and, later, GET /api/admin/audit/verify) reports, whatever the store. */
export interface ChainVerification {
  ok: boolean;
  /** Events checked and found intact before the first invalid one. */
  verified: number;
  /** The last intact link of the log-wide chain: the (position, hash) an auditor writes down. Null when empty. */
  head: ChainHead | null;
  firstInvalid: ChainBreak | null;
  /**
   * EventStoreDB only: events after the sealed head, checked by their stream chains but not yet
   * covered by the log-wide digest (the projector's leader seals them within a batch). 0 on postgres.
   */
  unsealed: number;
}

/** The one verification port both stores implement; used by the CLI and by HTTP handlers alike. */
export interface LogIntegrity {
  verifyChain(options?: { batchSize?: number }): Promise<ChainVerification>;
  /**
   * The log-wide chain as export lines (chainExportLine, without the newline), in position order
   * (DESIGN §13 export): what an outside auditor verifies offline. EventStoreDB: the events sealed
   * into the log digest.
   */
  exportLines(options?: { batchSize?: number }): AsyncIterable<string>;
  /** Whether positions run 1, 2, 3… (postgres) or only increase (EventStoreDB commit positions). */
  readonly gaplessPositions: boolean;
}

/** The first line of an export: what the file is and how to check it. */
export interface ChainExportHeader {
  format: 'punchline-event-log';
  version: 1;
  gapless: boolean;
}

/** One exported event (DESIGN §13): position, event_id, stream, type, data, metadata, prev_hash, hash (+ what the hash covers). */
export function chainExportLine(record: ChainRecord): string {
  return JSON.stringify({
    position: record.globalPosition,
    event_id: record.eventId,
    stream: record.streamId,
    revision: record.streamRevision,
    type: record.type,
    schema_version: record.schemaVersion,
    data: record.data,
    metadata: record.metadata,
    prev_hash: record.prevHash,
    hash: record.hash,
  });
}

/** One line of an export of the log (JSON lines): 'blank', the record it holds, or null when it is not JSON. */
export function exportLine(raw: string): Record<string, unknown> | null | 'blank' {
  const line = raw.trim();
  if (line === '') return 'blank';
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Verifies an export line by line with the same rules as the stored chain (offline: no database).
 * A line that is not a record is reported as the first invalid one.
 */
export async function verifyChainExport(lines: AsyncIterable<string>): Promise<ChainVerification> {
  let walker: ChainWalker | null = null;
  let lineNumber = 0;
  for await (const raw of lines) {
    lineNumber += 1;
    const parsed = exportLine(raw);
    if (parsed === 'blank') continue;
    // Not JSON: an empty record, which the walk reports as the first invalid line.
    const value = parsed ?? {};
    if (walker === null) {
      if (value.format !== 'punchline-event-log') {
        return { ok: false, verified: 0, head: null, firstInvalid: { position: 0, eventId: '', streamId: '', type: '', reason: 'not a Punchline event log export (no header line)' }, unsealed: 0 };
      }
      walker = new ChainWalker({ gapless: value.gapless === true });
      continue;
    }
    // The export's last line: its signed checkpoint (issue 27), checked by verify --checkpoint.
    if (typeof value.checkpoint === 'string' && value.position === undefined) continue;
    const record: ChainRecord = {
      globalPosition: Number(value.position),
      eventId: String(value.event_id ?? ''),
      streamId: String(value.stream ?? ''),
      streamRevision: Number(value.revision),
      type: String(value.type ?? ''),
      schemaVersion: Number(value.schema_version),
      data: value.data,
      metadata: value.metadata,
      prevHash: String(value.prev_hash ?? ''),
      hash: String(value.hash ?? ''),
    };
    if (!Number.isFinite(record.globalPosition)) {
      walker.fail({ position: 0, eventId: record.eventId, streamId: record.streamId, type: record.type, reason: `line ${lineNumber} is not an exported event` });
      break;
    }
    if (walker.next(record)) break;
    if (typeof value.leaf_hash === 'string' && value.leaf_hash !== leafHashOfChainHash(record.hash).toString('hex')) {
      walker.fail({ position: record.globalPosition, eventId: record.eventId, streamId: record.streamId, type: record.type, reason: 'leaf_hash does not match the event hash' });
      break;
    }
  }
  if (walker === null) {
    return { ok: false, verified: 0, head: null, firstInvalid: { position: 0, eventId: '', streamId: '', type: '', reason: 'not a Punchline event log export (empty file)' }, unsealed: 0 };
  }
  return walker.result();
}

/**
 * Checks the log-wide chain one record at a time, in position order: strictly increasing positions
 * (gapless where the store promises it), each prev_hash equal to the previous hash, each hash equal
 * to sha256(prev_hash ‖ canonical event). Store-agnostic, so a stored log, an EventStoreDB log with
 * its digest and an exported file are verified by the same rules.
 */
export class ChainWalker {
  private previous: ChainHead | null = null;
  private count = 0;
  private broken: ChainBreak | null = null;

  constructor(private readonly options: { gapless: boolean }) {}

  /**
   * Feeds the next record; returns the break it makes (and every later call returns it too).
   * `hashChecked`: the caller has already found record.hash = sha256(prevHash ‖ the event as stored),
   * so only the links and positions remain to check.
   */
  next(record: ChainRecord, options: { hashChecked?: boolean } = {}): ChainBreak | null {
    if (this.broken) return this.broken;
    const reason = this.check(record, options.hashChecked === true);
    if (reason) {
      this.broken = { position: record.globalPosition, eventId: record.eventId, streamId: record.streamId, type: record.type, reason };
      return this.broken;
    }
    this.count += 1;
    this.previous = { position: record.globalPosition, hash: record.hash };
    return null;
  }

  /** Records a break found by a check outside the walker (a stream link, a missing event). */
  fail(chainBreak: ChainBreak): ChainBreak {
    this.broken ??= chainBreak;
    return this.broken;
  }

  get failed(): boolean {
    return this.broken !== null;
  }

  get verified(): number {
    return this.count;
  }

  get head(): ChainHead | null {
    return this.previous;
  }

  result(extra: { unsealed?: number; verified?: number } = {}): ChainVerification {
    return {
      ok: this.broken === null,
      verified: extra.verified ?? this.count,
      head: this.previous,
      firstInvalid: this.broken,
      unsealed: extra.unsealed ?? 0,
    };
  }

  private check(record: ChainRecord, hashChecked: boolean): string | null {
    const previousPosition = this.previous?.position ?? 0;
    if (this.options.gapless && record.globalPosition !== previousPosition + 1) {
      if (record.globalPosition <= previousPosition) return `position ${record.globalPosition} does not follow ${previousPosition} (moved event?)`;
      const missing =
        record.globalPosition - 1 === previousPosition + 1
          ? `position ${previousPosition + 1} is missing`
          : `positions ${previousPosition + 1}–${record.globalPosition - 1} are missing`;
      return `gap before this event: ${missing} (deleted event?)`;
    }
    if (!this.options.gapless && record.globalPosition <= previousPosition) {
      return `position ${record.globalPosition} does not follow ${previousPosition} (moved event?)`;
    }
    if (record.prevHash !== (this.previous?.hash ?? '')) return 'prev_hash does not match the previous event (deleted, inserted or rehashed event?)';
    if (!hashChecked && eventHash(record.prevHash, record) !== record.hash) return 'hash does not match the event content (edited or moved event?)';
    return null;
  }
}

interface ChainRow {
  global_position: number;
  /** Null in 'verify' mode where the database confirmed the hash (also the next four). */
  stream_id: string | null;
  stream_revision: number | null;
  event_id: string | null;
  type: string | null;
  schema_version: number;
  /** The stored JSON text (json keeps it as written); null where the database already confirmed the hash over it. */
  data_json: string | null;
  metadata_json: string | null;
  prev_hash: string;
  hash: string;
  /** 'export' only: the export line, written by the database. */
  line?: string;
  /** Whether hash = sha256(prev_hash ‖ the event with its payloads as stored), computed by the database. */
  hash_as_stored?: boolean;
}

/**
 * eventHashFromCanonical written in SQL over the stored text: the database hashes each event where
 * it lies and sends only the verdict, not the 100 KB payloads (issue 10). to_json(text) escapes a
 * string as JSON.stringify does for anything an id, stream or type holds; where the two ever
 * differed, the row is simply checked again in the app. concat, not ||: one copy of each piece
 * instead of one per operator (a publish carries 100 KB; measured 3.4× faster).
 */
const HASH_AS_STORED_SQL = `encode(sha256(convert_to(concat(prev_hash, '{"data":', data::text, ',"eventId":', to_json(event_id::text)::text,
  ',"globalPosition":', global_position, ',"metadata":', metadata::text, ',"schemaVersion":', schema_version, ',"streamId":', to_json(stream_id)::text,
  ',"streamRevision":', stream_revision, ',"type":', to_json(type)::text, '}'), 'UTF8')), 'hex') = hash`;

/**
 * The postgres store's chain rows, in position order, up to the head as it was at the start, a
 * range of positions at a time. 'export': payloads as the stored JSON text. 'verify': the database
 * checks each hash over the stored text and sends the payloads only of the rows where that does not
 * hold (written as jsonb before migration 0002, or altered). Positions are gapless, so the ranges
 * are known in advance and two are read ahead while the caller works through the current one: the
 * database hashes on both cores (measured: 1.3 s → see bench/RESULTS.md for 100,000 events). A
 * missing row simply does not come back, and the walker reports the gap.
 */
async function* postgresChainRows(db: Database, mode: 'export' | 'verify', options: { batchSize?: number }): AsyncGenerator<ChainRow> {
  const batchSize = options.batchSize ?? (mode === 'verify' ? 2000 : 1000);
  const range = 'global_position > $1 AND global_position <= $2 ORDER BY global_position';
  const sql =
    mode === 'export'
      ? // The whole line is written by the database (one string per event arrives, nothing is spliced here).
        `SELECT global_position, concat('{"position":', global_position, ',"event_id":', to_json(event_id::text), ',"stream":', to_json(stream_id),
                ',"revision":', stream_revision, ',"type":', to_json(type), ',"schema_version":', schema_version, ',"data":', data::text,
                ',"metadata":', metadata::text, ',"prev_hash":', to_json(prev_hash), ',"hash":', to_json(hash), '}') AS line
           FROM es.events WHERE ${range}`
      : // A row whose hash holds needs only its links: the rest is sent for the others alone.
        `SELECT global_position, prev_hash, hash, hash_as_stored,
                CASE WHEN hash_as_stored THEN NULL ELSE stream_id END AS stream_id, CASE WHEN hash_as_stored THEN NULL ELSE stream_revision END AS stream_revision,
                CASE WHEN hash_as_stored THEN NULL ELSE event_id END AS event_id, CASE WHEN hash_as_stored THEN NULL ELSE type END AS type,
                CASE WHEN hash_as_stored THEN NULL ELSE schema_version END AS schema_version,
                CASE WHEN hash_as_stored THEN NULL ELSE data::text END AS data_json, CASE WHEN hash_as_stored THEN NULL ELSE metadata::text END AS metadata_json
           FROM (SELECT *, ${HASH_AS_STORED_SQL} AS hash_as_stored FROM es.events WHERE ${range}) AS e
          ORDER BY global_position`;
  const head = Number((await db.query<{ head: string | number | null }>('SELECT max(global_position) AS head FROM es.events')).rows[0]?.head ?? 0);
  const read = (from: number): Promise<ChainRow[]> => {
    const rows = db.query<ChainRow>(sql, [from, Math.min(from + batchSize, head)]).then((result) => result.rows);
    // A read started ahead and then abandoned (the consumer stopped) must not surface as unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  const ahead: Promise<ChainRow[]>[] = [];
  let next = 0;
  const fill = (): void => {
    while (ahead.length < 3 && next < head) {
      ahead.push(read(next));
      next += batchSize;
    }
  };
  fill();
  while (ahead.length > 0) {
    const rows = await ahead.shift()!;
    fill();
    yield* rows;
  }
}

/**
 * The export, line by line (chainExportLine's fields in its order). The stored JSON text is
 * spliced in by the database as it is, never parsed and written again.
 */
export async function* exportPostgresLines(db: Database, options: { batchSize?: number } = {}): AsyncGenerator<string> {
  for await (const row of postgresChainRows(db, 'export', options)) yield row.line!;
}

/**
 * The postgres store's chain: walks es.events in position order and recomputes every hash.
 * Positions must run 1, 2, 3… so a deleted event shows as a gap.
 */
export async function verifyChain(db: Database, options: { batchSize?: number } = {}): Promise<ChainVerification> {
  const walker = new ChainWalker({ gapless: true });
  for await (const row of postgresChainRows(db, 'verify', options)) {
    // Payloads are stored as the canonical text their hash covers (migration 0002), so the database's
    // hash over that text settles the link. A row stored as jsonb before, or an edited one, takes the
    // full path here: parsed and written out canonically, as the offline verifier does.
    const asStored = row.hash_as_stored === true;
    const record: ChainRecord = {
      globalPosition: Number(row.global_position),
      streamId: row.stream_id ?? '',
      streamRevision: Number(row.stream_revision),
      eventId: row.event_id ?? '',
      type: row.type ?? '',
      schemaVersion: row.schema_version,
      data: asStored ? null : (JSON.parse(row.data_json!) as unknown),
      metadata: asStored ? null : (JSON.parse(row.metadata_json!) as unknown),
      prevHash: row.prev_hash,
      hash: row.hash,
    };
    const broken = walker.next(record, { hashChecked: asStored });
    if (broken) {
      // The identity of a row whose own hash held was not sent: look it up to name it.
      if (asStored) {
        const { rows } = await db.query<{ event_id: string; stream_id: string; type: string }>('SELECT event_id, stream_id, type FROM es.events WHERE global_position = $1', [record.globalPosition]);
        Object.assign(broken, { eventId: rows[0]?.event_id ?? '', streamId: rows[0]?.stream_id ?? '', type: rows[0]?.type ?? '' });
      }
      break;
    }
  }
  return walker.result();
}
