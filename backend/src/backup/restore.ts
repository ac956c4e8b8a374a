import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { canonicalJson, MEDIA_STREAM, mediaDecider, mimeTypeForName, type EventStore, type MediaState, type RecordedEvent } from '@punchline/domain';
import { ChainWalker, Projector, allProjections, copyField, copyJsonField, ensureReadModels, replay, type Database, type Projection, type LogIntegrity } from '@punchline/projections';
import type { MediaStorage } from '../media/core';
import { privacyEraserProjection } from '../privacy/core';
import { EVENTS_PREFIX, MANIFEST_ENTRY, MEDIA_PREFIX, SIDE_STORES_PREFIX, type BackupManifest } from './backup-format';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { leafSourceFor } from '../platform/event-store/create-event-store';
import { parseEarlier } from '../platform/log-tree/checkpoint-check';
import { catchUpTree, storedRootAt } from '../platform/log-tree/log-tree';
import { treeSize } from '../platform/log-tree/tiles';
import { archiveEntries, BackupInvalidError, checkArchivedLine, checkedRow, describeHead, eventLinesOf, parseArchivedEvent, validateBackup, verbatimEvent, type ArchiveEntry, type ArchivedEvent, type EventRow, type ValidateOptions } from './backup-reader';
import type { BackupSideStore, SideStoreErasure } from './side-stores';
import { lineCheckers } from './event-lines-check';

/** Where a restore writes: an empty store of any kind. */
export interface RestoreTarget {
  db: Database;
  store: EventStore & LogIntegrity;
  storage: MediaStorage;
  sideStores: BackupSideStore[];
  /** Extra projections the store needs its leader to run (the EventStoreDB log digest). */
  storeProjections?: Projection[];
}

export interface RestoreProgress {
  phase: 'checking' | 'events' | 'side-stores' | 'media' | 'read-models' | 'verifying' | 'done';
  events: number;
  totalEvents: number;
  mediaFiles: number;
  totalMediaFiles: number;
  label: string;
}

export interface RestoreOptions {
  passphrase?: string;
  onProgress?: (progress: RestoreProgress) => void;
  checkpointKeys?: ValidateOptions['checkpointKeys'];
  /** Remakes the responsive variants of images (default true); the bench turns it off. */
  remakeVariants?: (target: RestoreTarget) => Promise<number>;
  /**
   * A later log of the same site (a newer backup file or an audit export, GET /api/admin/audit/export):
   * erasures it records after the backup's head are applied again to the restored side stores (29.4).
   */
  erasuresFrom?: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  events: number;
  mediaFiles: number;
  variants: number;
  /** Erasures re-applied from `erasuresFrom` (events found, side-store rows removed). */
  erasures: { applied: number; rows: number };
  /** What the restored store's own verification found (postgres: the same head as the manifest). */
  head: { position: number; hash: string } | null;
}

/** The target is not empty, or an earlier restore into it did not finish: nothing was written. */
export class RestoreRefusedError extends Error {}

/**
 * What an empty store means (issue 29: restore only into one, naming what it found otherwise): no
 * event, no media object, no side-store row, no unfinished restore.
 */
export async function describeTargetContents(target: RestoreTarget): Promise<string[]> {
  const found: string[] = [];
  const { rows: markers } = await target.db.query<{ archive: string; started_at: string; finished_at: string | null }>(
    'SELECT archive, started_at::text, finished_at::text FROM es.restore_runs ORDER BY started_at DESC LIMIT 1',
  );
  const marker = markers[0];
  if (marker && !marker.finished_at) {
    found.push(`an earlier restore of ${marker.archive} (started ${marker.started_at}) did not finish: empty the database and the media storage, then restore again`);
  }
  const head = await target.store.headPosition();
  if (head > 0) {
    const { rows } = target.store.kind === 'postgres' ? await target.db.query<{ n: string }>('SELECT count(*)::text AS n FROM es.events') : { rows: [] as { n: string }[] };
    found.push(target.store.kind === 'postgres' ? `the event store holds ${rows[0]?.n ?? '?'} events (head at position ${head})` : `the event store holds events (head at position ${head})`);
  }
  const objects = await target.storage.list('');
  if (objects.length > 0) {
    const names = objects.slice(0, 3).map((o) => o.path).join(', ');
    found.push(`the media storage holds ${objects.length} file${objects.length === 1 ? '' : 's'} (${names}${objects.length > 3 ? ', …' : ''})`);
  }
  for (const side of target.sideStores) {
    const contents = await side.describeContents(target.db);
    if (contents) found.push(`${side.name}: ${contents}`);
  }
  return found;
}

/**
 * `npm run restore` (issue 29). First reads the whole file and checks it (validateBackup: nothing is
 * written for a truncated, corrupted or tampered file), then checks the target is empty, then reads
 * the file again and writes: the events as they were (postgres: rows with their ids, positions, times
 * and hashes, the read models rebuilt from them in the same pass; EventStoreDB: appended in log order
 * with their ids, streams, revisions and contents, at the server's positions and times), side-store
 * rows, media originals, each as the first pass checked it (postgres: while the database builds
 * the read models' indexes, then verifies the restored chain); then, on
 * EventStoreDB, rebuilds the read models from position 0; remakes image variants, and verifies the
 * restored log against the manifest.
 * A marker row (es.restore_runs) is written first and closed last, so an interrupted restore leaves a
 * store that the next restore refuses in words.
 */
export async function restoreBackup(file: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreResult> {
  const progress: RestoreProgress = { phase: 'checking', events: 0, totalEvents: 0, mediaFiles: 0, totalMediaFiles: 0, label: '' };
  const report = () => options.onProgress?.({ ...progress });
  const checkers = lineCheckers();
  const checked = await validateBackup(file, {
    passphrase: options.passphrase,
    sideStores: target.sideStores,
    checkpointKeys: options.checkpointKeys,
    onProgress: (p) => options.onProgress?.({ phase: 'checking', ...p }),
    checkLines: checkers.check,
  }).finally(() => checkers.close());
  const { manifest } = checked;
  // The later log is read (and checked) before anything is written too.
  const erasures = options.erasuresFrom ? await erasuresAfter(options.erasuresFrom, manifest, target.sideStores, options.passphrase) : [];
  const found = await describeTargetContents(target);
  if (found.length > 0) throw new RestoreRefusedError(`restore writes only into an empty store; this one is not empty: ${found.join('; ')}`);

  await target.db.query('INSERT INTO es.restore_runs (archive, head_position, head_hash) VALUES ($1, $2, $3)', [file, manifest.head?.position ?? 0, manifest.head?.hash ?? '']);
  progress.totalEvents = manifest.event_count;
  progress.totalMediaFiles = checked.mediaFiles;
  const checksums = new Map(checked.trailer.entries.map((e) => [e.name, e.sha256]));
  const entries = archiveEntries(file, options.passphrase)[Symbol.asyncIterator]();
  // The archive holds the manifest, the events/ entries, then side stores and media.
  const events = new EventEntries(entries, checksums, checked.verbatimEventEntries);
  const erasuresInLog: { provider: BackupSideStore; erasure: SideStoreErasure }[] = [];
  const store = target.store;
  let verified: Promise<RestoreResult['head']> | null = null;
  let rest: Promise<void> | null = null;
  const halt = new AbortController();
  const restoreTheRest = (): Promise<void> => {
    rest = restoreRest(events.rest, entries, checksums, target, progress, report, halt.signal);
    rest.catch(() => undefined);
    return rest;
  };
  try {
    if (store instanceof PostgresEventStore) {
      // The side stores and media follow the events in the file: they are restored while the
      // database builds the read models' indexes (nothing of them reads the other).
      await writeAndRebuild(store, target, events, progress, report, erasuresInLog, restoreTheRest);
      // The log is whole: the database checks its chain while the rest of the media is restored.
      verified = verifyRestoredLog(file, target, manifest, options.passphrase);
      verified.catch(() => undefined);
    } else {
      const writer = eventStoreDbWriter(store);
      for await (const batch of events) {
        progress.phase = 'events';
        progress.events += await writer.write(batch.lines, batch.name, batch.firstLine);
        report();
      }
    }
    await (rest ?? restoreTheRest());
  } finally {
    // A step failed half-way: the rest stops at its next entry, and the file is read by nobody
    // before it is closed (after the last entry it is closed already).
    halt.abort();
    await (rest as Promise<void> | null)?.catch(() => undefined);
    await entries.return?.(undefined);
  }
  for (const { provider, erasure } of erasuresInLog) await provider.erase(target.db, erasure);

  if (!(store instanceof PostgresEventStore)) {
    progress.phase = 'read-models';
    progress.label = '';
    report();
    await rebuildReadModels(target);
  }
  const variants = options.remakeVariants ? await options.remakeVariants(target) : 0;

  progress.phase = 'verifying';
  report();
  const head = await (verified ?? verifyRestoredLog(file, target, manifest, options.passphrase));
  let erasedRows = 0;
  for (const { provider, erasure } of erasures) erasedRows += await provider.erase(target.db, erasure);
  await target.db.query('UPDATE es.restore_runs SET finished_at = now() WHERE finished_at IS NULL');
  progress.phase = 'done';
  report();
  return { manifest, events: progress.events, mediaFiles: progress.mediaFiles, variants, erasures: { applied: erasures.length, rows: erasedRows }, head };
}

/**
 * The side stores' rows and the media files: the entries after the events, from `first` on. Each is
 * written only as the first pass checked it (its checksum), as the events are: a media file whose
 * bytes differ fails its write, so no such file is left in the storage.
 */
async function restoreRest(
  first: ArchiveEntry | undefined,
  entries: AsyncIterator<ArchiveEntry>,
  checksums: Map<string, string>,
  target: RestoreTarget,
  progress: RestoreProgress,
  report: () => void,
  halt?: AbortSignal,
): Promise<void> {
  for (let entry = first; entry && !halt?.aborted; entry = (await entries.next()).value as ArchiveEntry | undefined) {
    if (entry.name.startsWith(SIDE_STORES_PREFIX)) {
      progress.phase = 'side-stores';
      const name = entry.name.slice(SIDE_STORES_PREFIX.length).split('/')[0]!;
      const provider = target.sideStores.find((s) => s.name === name)!;
      progress.label = name;
      report();
      const chunks: Buffer[] = [];
      for await (const chunk of asChecked(entry, checksums)) chunks.push(chunk);
      const rows = Buffer.concat(chunks).toString('utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
      await provider.restore(target.db, rows);
    } else if (entry.name.startsWith(MEDIA_PREFIX)) {
      progress.phase = 'media';
      const path = entry.name.slice(MEDIA_PREFIX.length);
      progress.label = path;
      await target.storage.putStream(path, Readable.from(asChecked(entry, checksums)), entry.size, mimeTypeForName(path));
      progress.mediaFiles += 1;
      report();
    }
  }
}

/** An entry's bytes as they are read, ending in an error when they are not the ones the first pass checked. */
async function* asChecked(entry: ArchiveEntry, checksums: Map<string, string>): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  for await (const chunk of entry.body) {
    hash.update(chunk);
    yield chunk;
  }
  if (hash.digest('hex') !== checksums.get(entry.name)) throw new BackupInvalidError(`${entry.name} changed after the file was checked (the file was replaced or altered during the restore)`);
}

/**
 * postgres: the events are written as the archive holds them and, in the same pass, fed to the
 * rebuild of the read models (replay's feed), so the log is not read back. Erasures the log records
 * are collected: the eraser rides along the rebuild before the side stores are back, and what it
 * erases is erased again once they are. `afterEvents` starts once the last event is written (the
 * side stores and media, restored while the database builds the read models' indexes).
 */
async function writeAndRebuild(
  store: PostgresEventStore,
  target: RestoreTarget,
  events: EventEntries,
  progress: RestoreProgress,
  report: () => void,
  erasuresInLog: { provider: BackupSideStore; erasure: SideStoreErasure }[],
  afterEvents: () => Promise<void>,
): Promise<void> {
  const writer = await postgresEventWriter(target.db);
  const fed = async function* (): AsyncGenerator<RecordedEvent[]> {
    for await (const batch of events) {
      progress.phase = 'events';
      const read: RecordedEvent[] = new Array<RecordedEvent>(batch.lines.length);
      // The rows go straight to the writer, which makes its COPY text of them at once: nothing
      // here holds them while the previous entry's COPY is awaited.
      progress.events += await writer.write(takeApart(batch, store, read, (event) => {
        for (const provider of target.sideStores) {
          const erasure = provider.erasureIn(event);
          if (erasure) erasuresInLog.push({ provider, erasure });
        }
      }), batch.name);
      report();
      yield read;
    }
    await writer.finish();
    // The log is whole: its tree is built from the chain hashes (node hashing) while the database
    // builds the read models' indexes and swaps them in.
    tree = catchUpTree(target.db, leafSourceFor(store));
    tree.catch(() => undefined);
    progress.phase = 'read-models';
    report();
    // Awaited by the caller, which has it too.
    void afterEvents();
  };
  let tree: Promise<unknown> = Promise.resolve();
  try {
    await rebuildReadModels(target, { events: fed(), tree: () => tree });
  } finally {
    await tree.catch(() => undefined);
  }
}

/**
 * The lines of one entry as the rows to write, and (into `read`) as the events a read of the log
 * would hand back; `each` sees every event.
 */
function takeApart(batch: EventBatch, store: PostgresEventStore, read: RecordedEvent[], each: (event: ArchivedEvent) => void): EventRow[] {
  const rows: EventRow[] = new Array<EventRow>(batch.lines.length);
  for (const [i, line] of batch.lines.entries()) {
    const { row, event } = batch.cuts ? verbatimEvent(line, batch.cuts, i * 3) : checkedEvent(checkArchivedLine(line, `${batch.name} line ${batch.firstLine + i}`));
    rows[i] = row;
    // A verbatim line's data text is JSON.stringify of its data (checkArchivedLine): the audit
    // read model stores it as it is instead of writing the parsed data out again.
    read[i] = store.asRead(event, batch.cuts ? row.dataText : undefined);
    each(event);
  }
  return rows;
}

/** One events/ entry of the archive, its bytes compared with the first pass's checksum. */
interface EventBatch {
  name: string;
  lines: string[];
  /** The cuts of each line when the first pass found every line verbatim (backup-reader verbatimEvent). */
  cuts: Uint32Array | undefined;
  /** The entry's line that `lines` start at (the first entry's line 1 is the export's header), for messages. */
  firstLine: number;
}

/**
 * The events/ entries at the front of the archive (after the manifest), one at a time; `rest` is
 * the entry that follows them once they are read (side stores and media come after), left unread.
 */
class EventEntries implements AsyncIterable<EventBatch> {
  rest: ArchiveEntry | undefined;
  private count = 0;

  constructor(
    private readonly entries: AsyncIterator<ArchiveEntry>,
    private readonly checksums: Map<string, string>,
    private readonly verbatim: Map<string, Uint32Array>,
  ) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<EventBatch> {
    for (let next = await this.entries.next(); !next.done; next = await this.entries.next()) {
      const entry = next.value;
      if (entry.name === MANIFEST_ENTRY) continue;
      if (!entry.name.startsWith(EVENTS_PREFIX)) {
        this.rest = entry;
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      // What is written is exactly what the first pass checked, even if the file was replaced since.
      if (createHash('sha256').update(bytes).digest('hex') !== this.checksums.get(entry.name)) throw new BackupInvalidError(`${entry.name} changed after the file was checked (the file was replaced or altered during the restore)`);
      const first = this.count++ === 0;
      yield { name: entry.name, lines: eventLinesOf(bytes.toString('utf8'), entry.name, first), cuts: this.verbatim.get(entry.name), firstLine: first ? 2 : 1 };
    }
  }
}

/** A line that was not verbatim (checkArchivedLine): its row with canonical payload texts, and its event. */
function checkedEvent(line: ReturnType<typeof checkArchivedLine>): { row: EventRow; event: ArchivedEvent } {
  return { row: checkedRow(line), event: line.event };
}

/** es.events' columns in the order the writer's rows give them. */
const EVENT_COLUMNS = ['global_position', 'stream_id', 'stream_revision', 'event_id', 'type', 'schema_version', 'data', 'metadata', 'created_at', 'prev_hash', 'hash'] as const;

/**
 * es.events' unique constraints, as the event store's migrations make them (a restore test compares
 * them with a freshly migrated store's). A restore drops them before its first event and adds them
 * back after its last, as pg_restore loads a table before building its indexes: for 1,000,000 events
 * PostgreSQL spent ~2.4 s keeping the three indexes up row by row, where building them after took
 * ~1.2 s. Nothing reads the log during the events pass (the read models are fed the events, not read
 * back). A restore killed in between leaves its marker, and the next one refuses that store; should
 * the tables be emptied instead of the database dropped, the next restore adds the constraints back
 * all the same (DROP … IF EXISTS).
 */
export const EVENTS_CONSTRAINTS = [
  ['events_pkey', 'PRIMARY KEY (global_position)'],
  ['events_event_id_key', 'UNIQUE (event_id)'],
  ['events_stream_id_stream_revision_key', 'UNIQUE (stream_id, stream_revision)'],
] as const;

/**
 * postgres (PGlite or PostgreSQL): the rows as they were, one COPY per events/ entry (a few MB).
 * COPY took PostgreSQL 22 % less time than the multi-row INSERT it replaces (string_to_table over
 * each column's joined values: 1.50 against 1.92 s for 200,000 events, indexes kept), and it takes
 * any value as it is, an empty one too. Data and metadata are stored from the archived text (json
 * columns keep it as written), cut out of the verbatim lines rather than parsed and serialised again
 * (checkArchivedLine). The constraints are added and the streams table filled at the end.
 */
async function postgresEventWriter(db: Database): Promise<{ write(rows: EventRow[], name: string): Promise<number>; finish(): Promise<void> }> {
  await db.query(`ALTER TABLE es.events ${EVENTS_CONSTRAINTS.map(([name]) => `DROP CONSTRAINT IF EXISTS ${name}`).join(', ')}`);
  let inFlight: Promise<void> = Promise.resolve();
  return {
    write(rows, name) {
      // The entry's text is made at once, and the rows are not held while the previous entry's
      // COPY is awaited: an entry's per-event strings die young instead of being promoted.
      const n = rows.length;
      const lines = new Array<string>(n);
      for (let i = 0; i < n; i += 1) {
        const e = rows[i]!;
        lines[i] = `${e.position}\t${copyField(e.streamId)}\t${e.revision}\t${copyField(e.eventId)}\t${copyField(e.type)}\t${e.schemaVersion}\t${copyJsonField(e.dataText)}\t${copyJsonField(e.metadataText)}\t${copyField(e.recordedAt)}\t${copyField(e.prevHash)}\t${copyField(e.hash)}\n`;
      }
      const text = lines.join('');
      const write = async (): Promise<void> => {
        const written = await db.copyIn('es.events', EVENT_COLUMNS, text);
        if (written !== n) throw new Error(`${name}: ${written} of ${n} events were written`);
      };
      // The next entry is read, taken apart and projected while the database writes this one.
      const previous = inFlight;
      inFlight = previous.then(write);
      inFlight.catch(() => undefined);
      return previous.then(() => n);
    },
    async finish() {
      await inFlight;
      await db.query(`ALTER TABLE es.events ${EVENTS_CONSTRAINTS.map(([name, definition]) => `ADD CONSTRAINT ${name} ${definition}`).join(', ')}`);
      await db.query(`INSERT INTO es.streams (stream_id, revision) SELECT stream_id, max(stream_revision) FROM es.events GROUP BY stream_id
                      ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision`);
    },
  };
}

/**
 * EventStoreDB: positions and times are the server's, so each event is appended in log order with
 * its id, stream, exact revision, type, data and metadata (its own `occurredAt` stays in the
 * metadata). The log-wide hashes are recomputed by the log digest over the new positions.
 */
function eventStoreDbWriter(store: EventStore): { write(lines: string[], name: string, firstLine: number): Promise<number> } {
  return {
    async write(lines, name, firstLine) {
      for (const [i, line] of lines.entries()) {
        const e = parseArchivedEvent(line, `${name} line ${firstLine + i}`);
        await store.append(e.streamId, [{ eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata as never }], {
          expectedRevision: e.streamRevision === 0 ? 'no_stream' : e.streamRevision - 1,
        });
      }
      return lines.length;
    },
  };
}

/**
 * The read models from position 0 (they are empty: the store was): replay's bulk path builds them in
 * a fresh schema and swaps them in (what `npm run replay -- --swap` does, ~3× the live projector's
 * rate), with issue 28's eraser riding along the same pass over the log (it has no tables: erasures
 * in the restored log are carried out again, and the swap records its checkpoint). `fed`: the
 * postgres restore hands the events over as it writes them (replay's feed) and builds the log tree
 * from the chain hashes alone meanwhile (catchUpTree: no event read whole), awaited here. Then the
 * projector brings whatever is left of the store's own projections (the EventStoreDB digest and the
 * tree over it) up to the head.
 */
async function rebuildReadModels(target: RestoreTarget, fed?: { events: AsyncIterable<RecordedEvent[]>; tree: () => Promise<unknown> }): Promise<void> {
  const extra = target.storeProjections ?? [];
  await ensureReadModels(target.db, [...extra, privacyEraserProjection]);
  // The audit search index is left to the app's projector (built in the background when it leads):
  // over a million rows it took longer than writing every event (projections/src/runner/deferred-indexes.ts).
  // The live tables are empty, so nothing is compared before the swap.
  await replay({ db: target.db, store: target.store, projections: [...allProjections(), privacyEraserProjection], swap: true, batchSize: 5000, deferIndexes: true, compare: false, feed: fed?.events });
  await fed?.tree();
  const projector = new Projector({ db: target.db, store: target.store, projections: [...allProjections(), ...extra, privacyEraserProjection], batchSize: 5000, logger: quietLogger });
  for (;;) {
    const outcome = await projector.processNextBatch();
    if (outcome.kind === 'caught-up') break;
  }
}

const quietLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The restored log against the manifest. postgres: the store's own chain verification must reach the
 * manifest's head, same position and hash. EventStoreDB: positions differ, so the restored log is
 * read back and compared event by event with the archive (id, stream, revision, type, data,
 * metadata) — this checks our reading of the server, as the contract suite's emulation does.
 */
async function verifyRestoredLog(file: string, target: RestoreTarget, manifest: BackupManifest, passphrase: string | undefined): Promise<{ position: number; hash: string } | null> {
  if (target.store.kind === 'postgres') {
    const verification = await target.store.verifyChain();
    if (!verification.ok) throw new Error(`the restored log does not verify: ${verification.firstInvalid?.reason ?? 'unknown'}`);
    if (verification.verified !== manifest.event_count || verification.head?.position !== manifest.head?.position || verification.head?.hash !== manifest.head?.hash) {
      throw new Error(`the restored log ends at ${describeHead(verification.head)}, the manifest names ${describeHead(manifest.head)}`);
    }
    await verifyRestoredCheckpoint(target.db, manifest);
    return verification.head;
  }
  let from = 0;
  let compared = 0;
  let pending: ArchivedEvent[] = [];
  let eventChunks = 0;
  const compare = async (): Promise<void> => {
    while (pending.length > 0) {
      const read = await target.store.readAll({ fromPosition: from, limit: Math.min(500, pending.length) });
      if (read.length === 0) throw new Error(`the restored log has ${compared} events, the archive ${manifest.event_count}`);
      for (const stored of read) {
        const archived = pending.shift()!;
        const same =
          stored.eventId === archived.eventId &&
          stored.streamId === archived.streamId &&
          stored.streamRevision === archived.streamRevision &&
          stored.type === archived.type &&
          canonicalJson(stored.data) === canonicalJson(archived.data) &&
          canonicalJson(stored.metadata) === canonicalJson(archived.metadata);
        if (!same) throw new Error(`restored event ${compared + 1} (${stored.eventId}) differs from archived event at position ${archived.globalPosition} (${archived.eventId})`);
        compared += 1;
        from = stored.globalPosition;
      }
    }
  };
  for await (const entry of archiveEntries(file, passphrase)) {
    if (!entry.name.startsWith(EVENTS_PREFIX)) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    lines.pop();
    pending = (eventChunks++ === 0 ? lines.slice(1) : lines).map((line, i) => parseArchivedEvent(line, `${entry.name} line ${i + 1}`));
    await compare();
  }
  if ((await target.store.readAll({ fromPosition: from, limit: 1 })).length > 0) throw new Error('the restored log holds more events than the archive');
  if (compared !== manifest.event_count) throw new BackupInvalidError(`compared ${compared} events, the manifest names ${manifest.event_count}`);
  return { position: from, hash: '' };
}

/**
 * DESIGN §17: the restored log's checkpoint equals the manifest's. The tree the restore built from
 * the restored chain hashes (catchUpTree) is the one the site's checkpoints are signed over, so its
 * root is compared, as GET /api/log/checkpoint reads it. Recomputing the tree from the chain hashes
 * once more took ~5 s of node's CPU for 1,000,000 events, in the stretch where node also writes the
 * media; the chain those hashes form is verified beside it (verifyChain, to the manifest's head).
 */
export async function verifyRestoredCheckpoint(db: Database, manifest: BackupManifest): Promise<void> {
  if (!manifest.checkpoint) return;
  const { checkpoint } = parseEarlier(manifest.checkpoint);
  const size = await treeSize(db);
  if (size !== checkpoint.size) throw new Error(`the restored log's tree holds ${size} events, the manifest's checkpoint ${checkpoint.size}`);
  const root = await storedRootAt(db, size);
  if (!root.equals(checkpoint.root)) throw new Error(`the restored log does not match the manifest's checkpoint: its tree's root at ${size} events is ${root.toString('base64')}, the checkpoint names ${checkpoint.root.toString('base64')}`);
}

/** The library at the restored head (the media stream folded): what variants to remake. */
export async function restoredMediaState(store: EventStore): Promise<MediaState> {
  let state: MediaState = mediaDecider.initialState;
  for (const event of await store.readStream(MEDIA_STREAM)) {
    if (mediaDecider.isEventType(event.type)) state = mediaDecider.evolve(state, event as Parameters<typeof mediaDecider.evolve>[1]);
  }
  return state;
}

/** The events of a later log: a backup archive's events/ entries, or an audit export's lines. */
async function* laterLogEvents(file: string, passphrase: string | undefined): AsyncGenerator<ArchivedEvent | Omit<ArchivedEvent, 'recordedAt'>> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupInvalidError(`${file}: no such file (the later log to take erasures from)`);
  });
  const first = Buffer.alloc(1);
  await handle.read(first, 0, 1, 0).finally(() => handle.close());
  if (first.toString() === '{') {
    // An audit export: a header line, then one event a line.
    let header = true;
    let number = 0;
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      number += 1;
      if (line.trim() === '') continue;
      if (header) {
        header = false;
        if (!line.includes('"punchline-event-log"')) throw new BackupInvalidError(`${file} is neither a backup nor an event log export`);
        continue;
      }
      // Issue 27's exports end with {"checkpoint": …}: not an event.
      if (/^\{"checkpoint":/.test(line.trim())) continue;
      yield parseArchivedEvent(line.replace(/}\s*$/, ',"recorded_at":"1970-01-01T00:00:00Z"}'), `${file} line ${number}`);
    }
    return;
  }
  let chunks = 0;
  for await (const entry of archiveEntries(file, passphrase)) {
    if (!entry.name.startsWith(EVENTS_PREFIX)) continue;
    const parts: Buffer[] = [];
    for await (const chunk of entry.body) parts.push(chunk);
    const lines = Buffer.concat(parts).toString('utf8').split('\n');
    lines.pop();
    yield* (chunks++ === 0 ? lines.slice(1) : lines).map((line, i) => parseArchivedEvent(line, `${file}: ${entry.name} line ${i + 1}`));
  }
}

/**
 * Issue 29.4: the erasures a later log of the same site recorded after the backup's head. The later
 * log must verify as a chain and hold the backup's head at the same position with the same hash
 * (it is the continuation of this very log); otherwise it is refused before anything is written.
 */
async function erasuresAfter(
  file: string,
  manifest: BackupManifest,
  sideStores: BackupSideStore[],
  passphrase: string | undefined,
): Promise<{ provider: BackupSideStore; erasure: SideStoreErasure }[]> {
  const walker = new ChainWalker({ gapless: true });
  const headPosition = manifest.head?.position ?? 0;
  let joined = headPosition === 0;
  const found: { provider: BackupSideStore; erasure: SideStoreErasure }[] = [];
  for await (const event of laterLogEvents(file, passphrase)) {
    const broken = walker.next(event);
    if (broken) throw new BackupInvalidError(`the later log ${file} does not verify at position ${broken.position}: ${broken.reason}`);
    if (event.globalPosition === headPosition) {
      if (event.hash !== manifest.head?.hash) throw new BackupInvalidError(`${file} is not the log this backup was taken from (position ${headPosition} has another hash)`);
      joined = true;
    }
    if (event.globalPosition <= headPosition) continue;
    for (const provider of sideStores) {
      const erasure = provider.erasureIn(event);
      if (erasure) found.push({ provider, erasure });
    }
  }
  if (!joined) throw new BackupInvalidError(`${file} is not the log this backup was taken from (it does not reach position ${headPosition})`);
  return found;
}
