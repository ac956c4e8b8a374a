import { hash } from 'node:crypto';
import { canonicalJson } from '@punchline/domain';

/*
 * The event log's hash chain (DESIGN §13), the part both event stores share: what an event's hash
 * covers, the per-stream link EventStoreDB keeps, the verification port and its report, the export
 * line, and the walker that checks a chain in position order. Here, below both stores, so the
 * postgres store (backend) and the EventStoreDB adapter (eventstoredb/) use one definition.
 */

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

/**
 * canonicalJson of the envelope's fields, strings and numbers: JSON.stringify's text (a non-finite
 * number and a missing value are null in both), without canonicalJson's walk for objects; a
 * microsecond less an event for a restore's check, which hashes a million.
 */
const scalarJson = (value: string | number): string => JSON.stringify(value) ?? 'null';

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
    `{"data":${canonicalData},"eventId":${scalarJson(event.eventId)},"globalPosition":${scalarJson(event.globalPosition)},` +
    `"metadata":${canonicalMetadata},"schemaVersion":${scalarJson(event.schemaVersion)},"streamId":${scalarJson(event.streamId)},` +
    `"streamRevision":${scalarJson(event.streamRevision)},"type":${scalarJson(event.type)}}`;
  // One-shot: about twice as fast as createHash().update().update() for inputs this small (a
  // restore's check hashes a million of them); the same digest of prev_hash ‖ payload.
  return hash('sha256', prevHash + payload, 'hex');
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
    `{"data":${canonicalJson(event.data)},"eventId":${scalarJson(event.eventId)},"metadata":${canonicalJson(event.metadata)},` +
    `"schemaVersion":${scalarJson(event.schemaVersion)},"streamId":${scalarJson(event.streamId)},` +
    `"streamRevision":${scalarJson(event.streamRevision)},"type":${scalarJson(event.type)}}`;
  return hash('sha256', prevHash + payload, 'hex');
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

  /**
   * Takes a run of records checked as a whole elsewhere (the postgres store's database: each hash
   * over its stored text, each prev_hash equal to the hash before it, positions `first` on without
   * a gap) once it joins the chain as it stands: its first position follows the head, its first
   * prev_hash is the head's hash. False, and nothing taken, where it does not: the caller then feeds
   * its records one by one, and `next` names the break.
   */
  takeRun(run: { first: number; count: number; firstPrevHash: string; last: ChainHead }): boolean {
    if (this.broken || run.count < 1) return false;
    const previousPosition = this.previous?.position ?? 0;
    const joins = this.options.gapless ? run.first === previousPosition + 1 : run.first > previousPosition;
    if (!joins || run.firstPrevHash !== (this.previous?.hash ?? '')) return false;
    this.count += run.count;
    this.previous = run.last;
    return true;
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
