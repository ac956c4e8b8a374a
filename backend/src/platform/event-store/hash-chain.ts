import { ChainWalker, type ChainRecord, type ChainVerification, type Database } from '@punchline/projections';
import { leafHashOfChainHash } from '../log-tree/merkle';

/*
 * The postgres store's side of the hash chain: its rows in es.events verified and exported, and the
 * offline check of an export file. The chain itself (hashes, walker, the LogIntegrity port) is
 * shared with the EventStoreDB adapter and lives in projections/src/chain/hash-chain.ts.
 */

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
async function* postgresChainRows(db: Database, mode: 'export' | 'verify', options: { batchSize?: number; from?: number; to?: number }): AsyncGenerator<ChainRow> {
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
  const head = options.to ?? (await headPosition(db));
  for await (const { value: rows } of readAhead(options.from ?? 0, head, batchSize, (from, to) => db.query<ChainRow>(sql, [from, to]).then((result) => result.rows))) {
    yield* rows;
  }
}

/**
 * The ranges (from, to] of `step` positions from `start` up to `head`, in order, each read by
 * `read` with two more read ahead: the database works on both cores while the caller looks at one.
 */
async function* readAhead<T>(start: number, head: number, step: number, read: (from: number, to: number) => Promise<T>): AsyncGenerator<{ from: number; to: number; value: T }> {
  const ahead: { from: number; to: number; value: Promise<T> }[] = [];
  let next = start;
  const fill = (): void => {
    while (ahead.length < 3 && next < head) {
      const to = Math.min(next + step, head);
      const value = read(next, to);
      // A read started ahead and then abandoned (the consumer stopped) must not surface as unhandled.
      value.catch(() => undefined);
      ahead.push({ from: next, to, value });
      next = to;
    }
  };
  fill();
  while (ahead.length > 0) {
    const { from, to, value } = ahead.shift()!;
    const answer = await value;
    fill();
    yield { from, to, value: answer };
  }
}

/** The last position written (0 for an empty log): where a walk of the chain stops. */
async function headPosition(db: Database): Promise<number> {
  return Number((await db.query<{ head: string | number | null }>('SELECT max(global_position) AS head FROM es.events')).rows[0]?.head ?? 0);
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
  for await (const range of checkedRanges(db, options)) {
    if (range.run && walker.takeRun(range.run)) continue;
    if (await walkRows(db, walker, postgresChainRows(db, 'verify', { from: range.from, to: range.to }))) break;
  }
  return walker.result();
}

/** One range of positions: taken whole when the database found it holding (`run`), else read row by row. */
interface CheckedRange {
  from: number;
  to: number;
  run: { first: number; count: number; firstPrevHash: string; last: { position: number; hash: string } } | null;
}

/**
 * Each range the way the database sums it up: its rows counted, every hash checked over the stored
 * text (HASH_AS_STORED_SQL) and every prev_hash compared with the hash before it, so a range that
 * holds all through comes back as one row instead of one a position. Walking those rows in node
 * took ~5 s of its CPU for a million events on this machine, beside the database's hashing; a
 * range that does not hold is read again row by row (walkRows), so a break is named as before.
 */
async function* checkedRanges(db: Database, options: { batchSize?: number }): AsyncGenerator<CheckedRange> {
  const batchSize = options.batchSize ?? 5000;
  const sql = `SELECT count(*)::int AS n, min(global_position) AS first, max(global_position) AS last,
                      coalesce(bool_and(hash_as_stored AND (before IS NULL OR before = prev_hash)), false) AS holds,
                      (SELECT prev_hash FROM es.events WHERE global_position = $1::bigint + 1) AS first_prev_hash,
                      (SELECT hash FROM es.events WHERE global_position = $2) AS last_hash
                 FROM (SELECT global_position, prev_hash, lag(hash) OVER (ORDER BY global_position) AS before, ${HASH_AS_STORED_SQL} AS hash_as_stored
                         FROM es.events WHERE global_position > $1 AND global_position <= $2) AS e`;
  interface Summary {
    n: number;
    first: string | number | null;
    last: string | number | null;
    holds: boolean;
    first_prev_hash: string | null;
    last_hash: string | null;
  }
  const summaries = readAhead(0, await headPosition(db), batchSize, (from, to) => db.query<Summary>(sql, [from, to]).then((result) => result.rows[0]));
  for await (const { from, to, value: s } of summaries) {
    const whole = s && s.holds && s.n === to - from && Number(s.first) === from + 1 && Number(s.last) === to && s.first_prev_hash !== null && s.last_hash !== null;
    yield { from, to, run: whole ? { first: from + 1, count: s.n, firstPrevHash: s.first_prev_hash!, last: { position: to, hash: s.last_hash! } } : null };
  }
}

/** Feeds one range's rows to the walker; true once it broke (the break is the walker's, its event named). */
async function walkRows(db: Database, walker: ChainWalker, rows: AsyncIterable<ChainRow>): Promise<boolean> {
  for await (const row of rows) {
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
      return true;
    }
  }
  return false;
}
