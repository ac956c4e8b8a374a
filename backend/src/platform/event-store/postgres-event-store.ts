import {
  DomainError,
  OpenSubscriptions,
  WrongExpectedRevisionError,
  assertNever,
  assertValidBatch,
  assertValidStreamId,
  canonicalJson,
  withDataJson,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type UpcasterRegistry,
} from '@punchline/domain';
import { isoTimestamp, type Database, type SqlClient, eventHashFromCanonical, type ChainVerification, type LogIntegrity } from '@punchline/projections';
import { exportPostgresLines, verifyChain } from './hash-chain';
import { PollingSubscription } from './polling-subscription';

export { postgresStoreMigrations } from './event-store.migration';

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
/** SQLSTATEs of jsonb input it cannot represent: untranslatable_character, invalid_text_representation. */
const UNSTORABLE_JSON = new Set(['22P05', '22P02']);

export interface PostgresEventStoreOptions {
  upcasters?: UpcasterRegistry;
  /** LISTEN/NOTIFY channel announcing the last appended position (default es_events). */
  notifyChannel?: string;
  /** Subscription poll interval when no notification arrives (default 500 ms). */
  pollIntervalMs?: number;
  /** Events per readAll while a subscription catches up (default 500). */
  subscriptionBatchSize?: number;
}

/** A row of es.events as the store reads it (data and metadata parsed). */
export interface EventRow {
  global_position: number;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date | string;
}

interface ExistingEvent {
  eventId: string;
  streamId: string;
  streamRevision: number;
  globalPosition: number;
}

/** A \u0000 or lone-surrogate escape in JSON text (its backslash not itself escaped): what jsonb refuses. */
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

interface PreparedBatch {
  ids: string[];
  types: string[];
  schemaVersions: number[];
  canonicalData: string[];
  canonicalMetadata: string[];
}

interface AppendGuess {
  headPosition: number;
  headHash: string;
  firstRevision: number;
}

interface AppendRow {
  outcome: AppendOutcome['outcome'];
  found_revision: number | null;
  found_head_position: number;
  found_head_hash: string;
  found_events: ExistingEvent[] | null;
}

/** What es.append_events found under the lock (see event-store.migration.ts). */
interface AppendOutcome {
  outcome: 'ok' | 'duplicate' | 'wrong_revision' | 'stale';
  /** The stream's revision: after the append when ok, as found otherwise. */
  revision: number | null;
  headPosition: number;
  headHash: string;
  existing: ExistingEvent[] | null;
}

function guessFrom(found: AppendOutcome): AppendGuess {
  return { headPosition: found.headPosition, headHash: found.headHash, firstRevision: found.revision === null ? 0 : found.revision + 1 };
}

interface PendingAppend {
  streamId: string;
  expected: ExpectedRevision;
  batch: PreparedBatch;
  resolve: (outcome: AppendOutcome) => void;
  reject: (error: unknown) => void;
}

/** jsonb refuses some strings JSON allows (\u0000, lone surrogates); that is bad input, not a crash. */
function translateAppendError(error: unknown, streamId: string): unknown {
  if (UNSTORABLE_JSON.has((error as { code?: string }).code ?? '')) {
    return new DomainError('INVALID_INPUT', `Event data cannot be stored: ${(error as Error).message}`, { streamId });
  }
  return error;
}

/** Appends sharing one transaction at most (bounds the time the lock is held). */
const MAX_GROUP = 64;

/** Stream revisions remembered to guess the next append's revision (expected 'any' / 'stream_exists'). */
const KNOWN_REVISIONS_LIMIT = 10_000;

const SELECT_EVENT = `SELECT global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, created_at FROM es.events`;

/** The default event store (DESIGN §3) on the Database port: the same SQL on PGlite and PostgreSQL. */
export class PostgresEventStore implements EventStore, LogIntegrity {
  readonly kind = 'postgres' as const;
  private readonly channel: string;
  private readonly subscriptions = new OpenSubscriptions();
  private head = { position: 0, hash: '' };
  /** Set while other writers keep moving the head, so appends go straight to the locked path. */
  private contended = false;
  private readonly knownRevisions = new Map<string, number>();
  private readonly pending: PendingAppend[] = [];
  private flushing = false;

  constructor(
    private readonly db: Database,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.channel = options.notifyChannel ?? 'es_events';
    if (!CHANNEL.test(this.channel)) throw new Error(`Invalid notify channel ${this.channel}`);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    assertValidBatch(streamId, events);
    const expected = options.expectedRevision;
    if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new DomainError('INVALID_INPUT', `Expected revision ${expected} is not a revision`, { streamId });
    }
    const batch = this.prepareBatch(events);
    const found = await new Promise<AppendOutcome>((resolve, reject) => {
      this.pending.push({ streamId, expected, batch, resolve, reject });
      if (!this.flushing) void this.flush();
    });
    return this.settle(streamId, expected, batch.ids, found);
  }

  /**
   * Group commit: appends are serialised by the global lock anyway, so while one is in flight the
   * next ones queue and then share one transaction, one lock and one fsync. A lone append still
   * takes the one-round-trip path, so a single writer pays nothing for this.
   */
  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const group = this.pending.splice(0, MAX_GROUP);
        if (group.length === 1) await this.runAlone(group[0]);
        else await this.runGroup(group);
      }
    } finally {
      this.flushing = false;
    }
  }

  private async runAlone(p: PendingAppend): Promise<void> {
    try {
      const guess = this.guess(p.streamId, p.expected);
      let found: AppendOutcome;
      if (this.contended) {
        found = await this.lockedAppend(p, guess);
      } else {
        found = await this.callAppend(this.db, p.streamId, p.expected, p.batch, guess);
        if (found.outcome === 'stale') found = await this.lockedAppend(p, guessFrom(found));
      }
      p.resolve(found);
    } catch (error) {
      p.reject(translateAppendError(error, p.streamId));
    }
  }

  private async runGroup(group: PendingAppend[]): Promise<void> {
    let outcomes: AppendOutcome[];
    try {
      outcomes = await this.db.transaction(async (tx) => {
        const results: AppendOutcome[] = [];
        // The first call takes the lock; every later guess is exact because the lock is held.
        for (const p of group) results.push(await this.callUnderLock(tx, p, this.guess(p.streamId, p.expected)));
        return results;
      });
    } catch {
      // One bad append (e.g. data jsonb refuses) must not fail its neighbours: redo them one by one.
      for (const p of group) await this.runAlone(p);
      return;
    }
    group.forEach((p, i) => p.resolve(outcomes[i]));
  }

  /** Inside a transaction: a stale guess is retried with what the function found, at most twice. */
  private async callUnderLock(tx: SqlClient, p: PendingAppend, guess: AppendGuess): Promise<AppendOutcome> {
    let found = await this.callAppend(tx, p.streamId, p.expected, p.batch, guess);
    for (let attempt = 0; attempt < 2 && found.outcome === 'stale'; attempt += 1) {
      found = await this.callAppend(tx, p.streamId, p.expected, p.batch, guessFrom(found));
    }
    return found;
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    assertValidStreamId(streamId);
    // LIMIT NULL is no limit.
    const { rows } = await this.db.query<EventRow>(
      `${SELECT_EVENT} WHERE stream_id = $1 AND stream_revision >= $2 ORDER BY stream_revision LIMIT $3`,
      [streamId, options.fromRevision ?? 0, options.maxCount ?? null],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async readAll(options: { fromPosition: number; limit: number }): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(`${SELECT_EVENT} WHERE global_position > $1 ORDER BY global_position LIMIT $2`, [
      options.fromPosition,
      options.limit,
    ]);
    return rows.map((row) => this.toRecorded(row));
  }

  subscribe(options: { fromPosition: number }): EventSubscription {
    return this.subscriptions.add(
      (onClosed) =>
        new PollingSubscription({
          fromPosition: options.fromPosition,
          readAll: (o) => this.readAll(o),
          listen: (onNotify) => this.db.listen(this.channel, onNotify),
          pollIntervalMs: this.options.pollIntervalMs ?? 500,
          batchSize: this.options.subscriptionBatchSize ?? 500,
          onClosed,
        }),
    );
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.db.query<{ head: number | null }>('SELECT max(global_position) AS head FROM es.events');
    return Number(rows[0]?.head ?? 0);
  }

  /** Walks es.events' chain (gapless positions, prev_hash links, recomputed hashes). */
  verifyChain(options: { batchSize?: number } = {}): Promise<ChainVerification> {
    return verifyChain(this.db, options);
  }

  readonly gaplessPositions = true;

  exportLines(options: { batchSize?: number } = {}): AsyncIterable<string> {
    return exportPostgresLines(this.db, options);
  }

  /** Ends open subscriptions; the database belongs to the caller and stays open. */
  async close(): Promise<void> {
    await this.subscriptions.closeAll();
  }

  /**
   * Serialised once, in canonical JSON: the text stored (json keeps it as written) is the text the
   * hash covers, so verification and export read it as it is. Text jsonb would refuse (a NUL, a
   * lone surrogate) is refused here as before, since json would take it.
   */
  private prepareBatch(events: NewEvent[]): PreparedBatch {
    const canonical = (value: unknown, eventId: string): string => {
      const text = canonicalJson(JSON.parse(JSON.stringify(value)) as unknown);
      if (UNSTORABLE_ESCAPE.test(text)) {
        throw new DomainError('INVALID_INPUT', 'Event data holds a NUL character or a lone surrogate, which the event store cannot keep', { eventId });
      }
      return text;
    };
    return {
      ids: events.map((e) => e.eventId.toLowerCase()),
      types: events.map((e) => e.type),
      schemaVersions: events.map((e) => this.options.upcasters?.currentVersion(e.type) ?? 1),
      canonicalData: events.map((e) => canonical(e.data === undefined ? null : e.data, e.eventId)),
      canonicalMetadata: events.map((e) => canonical(e.metadata, e.eventId)),
    };
  }

  /**
   * The append for when another writer (another process) may move the head between our guess and
   * our call: inside a transaction the first call's lock stays held, so a retry cannot be stale.
   */
  private lockedAppend(p: PendingAppend, guess: AppendGuess): Promise<AppendOutcome> {
    return this.db.transaction(async (tx) => {
      const first = await this.callAppend(tx, p.streamId, p.expected, p.batch, guess);
      // Single-round-trip appends pay off again once our guesses hold without the lock.
      this.contended = first.outcome === 'stale';
      return first.outcome === 'stale' ? this.callUnderLock(tx, p, guessFrom(first)) : first;
    });
  }

  /** Where this process believes the log head and the stream are; a wrong guess only costs a retry. */
  private guess(streamId: string, expected: ExpectedRevision): AppendGuess {
    const known = this.knownRevisions.get(streamId);
    const firstRevision =
      typeof expected === 'number' ? expected + 1 : expected === 'no_stream' ? 0 : known === undefined ? 0 : known + 1;
    return { headPosition: this.head.position, headHash: this.head.hash, firstRevision };
  }

  private async callAppend(client: SqlClient, streamId: string, expected: ExpectedRevision, batch: PreparedBatch, guess: AppendGuess): Promise<AppendOutcome> {
    const hashes: string[] = [];
    let prevHash = guess.headHash;
    batch.ids.forEach((eventId, i) => {
      prevHash = eventHashFromCanonical(
        prevHash,
        {
          globalPosition: guess.headPosition + 1 + i,
          streamId,
          streamRevision: guess.firstRevision + i,
          eventId,
          type: batch.types[i],
          schemaVersion: batch.schemaVersions[i],
        },
        batch.canonicalData[i],
        batch.canonicalMetadata[i],
      );
      hashes.push(prevHash);
    });
    const { rows } = await client.query<AppendRow>(
      'SELECT * FROM es.append_events($1, $2, $3, $4, $5, $6, $7::uuid[], $8::text[], $9::int[], $10::json[], $11::json[], $12::text[], $13)',
      [
        streamId,
        typeof expected === 'number' ? 'exact' : expected,
        typeof expected === 'number' ? expected : null,
        guess.headPosition,
        guess.headHash,
        guess.firstRevision,
        batch.ids,
        batch.types,
        batch.schemaVersions,
        batch.canonicalData,
        batch.canonicalMetadata,
        hashes,
        this.channel,
      ],
    );
    const row = rows[0];
    const outcome: AppendOutcome = {
      outcome: row.outcome,
      revision: row.found_revision === null ? null : Number(row.found_revision),
      headPosition: Number(row.found_head_position),
      headHash: row.found_head_hash,
      existing: row.found_events,
    };
    if (outcome.outcome !== 'duplicate') this.remember(streamId, outcome);
    return outcome;
  }

  private remember(streamId: string, found: AppendOutcome): void {
    this.head = { position: found.headPosition, hash: found.headHash };
    if (found.revision === null) return;
    this.knownRevisions.delete(streamId);
    this.knownRevisions.set(streamId, found.revision);
    if (this.knownRevisions.size > KNOWN_REVISIONS_LIMIT) this.knownRevisions.delete(this.knownRevisions.keys().next().value!);
  }

  private settle(streamId: string, expected: ExpectedRevision, ids: string[], found: AppendOutcome): AppendResult {
    switch (found.outcome) {
      case 'ok':
        return { nextExpectedRevision: found.revision!, position: found.headPosition };
      case 'duplicate':
        return this.idempotentResult(streamId, ids, found.existing!);
      case 'wrong_revision':
        throw new WrongExpectedRevisionError(streamId, String(expected), found.revision === null ? 'no_stream' : String(found.revision));
      case 'stale':
        throw new Error('The event log moved while the append lock was held');
      default:
        return assertNever(found.outcome, 'append outcome');
    }
  }

  /** A retry of an already recorded batch gets the original result; any other reuse of ids is refused. */
  private idempotentResult(streamId: string, ids: string[], existing: ExistingEvent[]): AppendResult {
    const sameBatch =
      existing.length === ids.length &&
      existing.every(
        (e, i) =>
          e.streamId === streamId &&
          e.eventId === ids[i] &&
          (i === 0 || (e.streamRevision === existing[i - 1].streamRevision + 1 && e.globalPosition === existing[i - 1].globalPosition + 1)),
      );
    if (!sameBatch) {
      throw new DomainError('INVALID_INPUT', 'Some event ids are already recorded, but not as exactly this batch in this stream', {
        streamId,
        eventIds: existing.map((e) => e.eventId),
      });
    }
    const last = existing[existing.length - 1];
    return { nextExpectedRevision: Number(last.streamRevision), position: Number(last.globalPosition) };
  }

  /**
   * An event in hand as readAll would hand it back once stored (upcast to its type's current version,
   * recordedAt in the same ISO form): a restore feeds the events it writes straight to the rebuild
   * of the read models (backup/restore.ts), which must see what a read of the log would show.
   * `dataJson`: the text of `event.data` exactly as JSON.stringify writes it, when the caller has it;
   * kept with the event (withDataJson) unless upcasting changed the data.
   */
  asRead(event: Omit<RecordedEvent, 'metadata'> & { metadata: unknown }, dataJson?: string): RecordedEvent {
    const read = this.toRecorded({
      global_position: event.globalPosition,
      stream_id: event.streamId,
      stream_revision: event.streamRevision,
      event_id: event.eventId,
      type: event.type,
      schema_version: event.schemaVersion,
      data: event.data,
      // As readAll takes it from the metadata column: whatever object was stored.
      metadata: event.metadata as EventMetadata,
      created_at: event.recordedAt,
    });
    return dataJson !== undefined && read.data === event.data ? withDataJson(read, dataJson) : read;
  }

  private toRecorded(row: EventRow): RecordedEvent {
    const current = this.options.upcasters?.currentVersion(row.type) ?? row.schema_version;
    const upcast = this.options.upcasters && row.schema_version < current;
    return {
      eventId: row.event_id,
      type: row.type,
      data: upcast ? this.options.upcasters!.upcast(row.type, row.schema_version, row.data) : row.data,
      metadata: row.metadata,
      streamId: row.stream_id,
      streamRevision: Number(row.stream_revision),
      globalPosition: Number(row.global_position),
      // The version of `data` as returned: after upcasting, the current one.
      schemaVersion: upcast ? current : row.schema_version,
      recordedAt: isoTimestamp(row.created_at),
    };
  }
}
