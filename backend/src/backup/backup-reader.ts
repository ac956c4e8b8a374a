import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import * as tar from 'tar-stream';
import { canonicalJson, isSafeMediaPath } from '@punchline/domain';
import { ChainWalker, eventHashFromCanonical, type ChainExportHeader, type ChainRecord } from '@punchline/projections';
import { CheckpointFormatError, parseEarlier } from '../platform/log-tree/checkpoint-check';
import { noteSignedBy, openNote, parseCheckpointText, verifierKeyText, type Verifier } from '../platform/log-tree/signed-note';
import { MerkleFrontier, leafHashOfChainHash } from '../platform/log-tree/merkle';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  EVENTS_PREFIX,
  MANIFEST_ENTRY,
  MEDIA_PREFIX,
  SIDE_STORES_PREFIX,
  TRAILER_ENTRY,
  type BackupManifest,
  type BackupTrailer,
  type BackupTrailerEntry,
} from './backup-format';
import { BackupDecryptionError, ENCRYPTED_MAGIC, decryptingStream, looksEncrypted } from './backup-encryption';
import type { BackupSideStore } from './side-stores';

/** A backup file that restore refuses, with what is wrong in words (nothing has been written). */
export class BackupInvalidError extends Error {}

/** One event of the archive as restore writes it: the export line's fields plus recorded_at. */
export interface ArchivedEvent extends ChainRecord {
  recordedAt: string;
}

/** events/ entries read ahead of the walk while their lines are checked (event-lines-check.ts: one in the worker, one here). */
const LINE_CHECKS_AHEAD = 2;

/** Largest events or side-store entry accepted (the writer cuts them at 4 MB; one event may be larger). */
const MAX_TEXT_ENTRY_BYTES = 64 * 1024 * 1024;

/** Opens the archive's tar stream, decrypting when the file is encrypted. */
async function openTar(file: string, passphrase: string | undefined): Promise<Readable> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupInvalidError(error.code === 'ENOENT' ? `${file}: no such file` : `${file}: ${error.message}`);
  });
  const first = Buffer.alloc(ENCRYPTED_MAGIC.length);
  try {
    await handle.read(first, 0, first.length, 0);
  } finally {
    await handle.close();
  }
  const raw = createReadStream(file, { highWaterMark: 1024 * 1024 });
  if (!looksEncrypted(first)) return raw;
  if (!passphrase) {
    raw.destroy();
    throw new BackupInvalidError('the backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with');
  }
  const decrypted = decryptingStream(passphrase);
  raw.on('error', (error) => decrypted.destroy(error));
  return raw.pipe(decrypted);
}

export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** The archive's entries in order; a damaged or cut tar stream is a BackupInvalidError. */
export async function* archiveEntries(file: string, passphrase: string | undefined): AsyncGenerator<ArchiveEntry> {
  const input = await openTar(file, passphrase);
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') throw new BackupInvalidError(`unexpected ${entry.header.type} entry ${JSON.stringify(entry.header.name)} in the archive`);
      yield { name: entry.header.name, size: entry.header.size ?? 0, body: entry as unknown as AsyncIterable<Buffer> };
      // Whatever the consumer left unread is drained, so the next entry can come.
      entry.resume();
    }
  } catch (error) {
    throw asInvalid(error);
  } finally {
    input.destroy();
  }
}

/** A read error of the archive (the tar parser, the decryption, a cut file) in words, as a refusal. */
export function asInvalid(error: unknown): BackupInvalidError {
  if (error instanceof BackupInvalidError) return error;
  if (error instanceof BackupDecryptionError) return new BackupInvalidError(error.message);
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end|end of data|premature|invalid tar|checksum|header/i.test(message)) return new BackupInvalidError(`the file is cut short or damaged (not a complete archive: ${message})`);
  return new BackupInvalidError(`the file cannot be read as a backup archive: ${message}`);
}

/** Reads a whole (bounded) entry. */
async function entryBytes(entry: ArchiveEntry): Promise<Buffer> {
  if (entry.size > MAX_TEXT_ENTRY_BYTES) throw new BackupInvalidError(`${entry.name} is ${entry.size} bytes, more than a backup entry of its kind holds`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function entryText(entry: ArchiveEntry): Promise<string> {
  return (await entryBytes(entry)).toString('utf8');
}

/** ISO 8601 as the writer's to_char makes it: what both JavaScript and PostgreSQL's timestamptz read alike. */
const RECORDED_AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/;

export function parseArchivedEvent(line: string, where: string): ArchivedEvent {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new BackupInvalidError(`${where} is not JSON`);
  }
  const event: ArchivedEvent = {
    globalPosition: value.position as number,
    eventId: value.event_id as string,
    streamId: value.stream as string,
    streamRevision: value.revision as number,
    type: value.type as string,
    schemaVersion: value.schema_version as number,
    data: value.data,
    metadata: value.metadata,
    prevHash: value.prev_hash as string,
    hash: value.hash as string,
    recordedAt: value.recorded_at as string,
  };
  const fine =
    Number.isSafeInteger(event.globalPosition) &&
    event.globalPosition > 0 &&
    typeof event.eventId === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(event.eventId) &&
    typeof event.streamId === 'string' &&
    event.streamId.length > 0 &&
    Number.isSafeInteger(event.streamRevision) &&
    event.streamRevision >= 0 &&
    typeof event.type === 'string' &&
    event.type.length > 0 &&
    Number.isSafeInteger(event.schemaVersion) &&
    event.data !== undefined &&
    typeof event.metadata === 'object' &&
    event.metadata !== null &&
    typeof event.prevHash === 'string' &&
    typeof event.hash === 'string' &&
    typeof event.recordedAt === 'string' &&
    RECORDED_AT.test(event.recordedAt) &&
    !Number.isNaN(Date.parse(event.recordedAt));
  if (!fine) throw new BackupInvalidError(`${where} is not a complete archived event`);
  return event;
}

/** An event line of the archive, checked: the event, the data and metadata text restore stores, and whether the line is stored as archived. */
interface CheckedLine {
  event: ArchivedEvent;
  /** The text stored: the archived text when `verbatim`, else canonical JSON. */
  dataText: string;
  metadataText: string;
  /** The line is the writer's layout exactly, with data and metadata as JSON.stringify writes them back. */
  verbatim: boolean;
  /** Whether the event's hash holds over dataText and metadataText. */
  hashHolds: boolean;
  /** Where a verbatim line's data, metadata and tail start (see verbatimEvent). */
  cuts?: [number, number, number];
}

/** The line the backup writer makes of an event (backup-writer.ts backupLines): head, data, metadata, tail. */
const lineHead = (e: ArchivedEvent): string =>
  `{"position":${e.globalPosition},"event_id":${JSON.stringify(e.eventId)},"stream":${JSON.stringify(e.streamId)},"revision":${e.streamRevision},"type":${JSON.stringify(e.type)},"schema_version":${e.schemaVersion},"data":`;
const METADATA_KEY = ',"metadata":';
const lineTail = (e: ArchivedEvent): string => `,"recorded_at":${JSON.stringify(e.recordedAt)},"prev_hash":${JSON.stringify(e.prevHash)},"hash":${JSON.stringify(e.hash)}}`;

/**
 * Checks one event line the way restore stores it. A line the writer made from a log stored as
 * canonical text (every log since payloads are kept as the text their hash covers) is exactly the
 * writer's layout with data and metadata as JSON.stringify writes them back, and the hash holds over
 * those very texts: restore stores them as they are in the file (never parsed and serialised again
 * on the way in: issue 29's restore rate). Otherwise (payloads stored as jsonb text before that, key
 * orders JSON.parse does not keep) data and metadata are written out as canonical JSON and the hash
 * is checked over those, as the offline verifier does; restore stores those.
 */
export function checkArchivedLine(text: string, where: string): CheckedLine {
  const event = parseArchivedEvent(text, where);
  const dataText = JSON.stringify(event.data);
  const metadataText = JSON.stringify(event.metadata);
  const head = lineHead(event);
  if (head + dataText + METADATA_KEY + metadataText + lineTail(event) === text && eventHashFromCanonical(event.prevHash, event, dataText, metadataText) === event.hash) {
    const metadataAt = head.length + dataText.length + METADATA_KEY.length;
    return { event, dataText, metadataText, verbatim: true, hashHolds: true, cuts: [head.length, metadataAt, metadataAt + metadataText.length] };
  }
  const canonicalData = canonicalJson(event.data);
  const canonicalMetadata = canonicalJson(event.metadata);
  const hashHolds = eventHashFromCanonical(event.prevHash, event, canonicalData, canonicalMetadata) === event.hash;
  return { event, dataText: canonicalData, metadataText: canonicalMetadata, verbatim: false, hashHolds };
}

/** The columns restore writes for an event: its fields, and the data and metadata text. */
export interface EventRow {
  position: number;
  eventId: string;
  streamId: string;
  revision: number;
  type: string;
  schemaVersion: number;
  dataText: string;
  metadataText: string;
  recordedAt: string;
  prevHash: string;
  hash: string;
}

/**
 * A line checkArchivedLine found verbatim, read for writing and for the rebuild of the read models
 * restore feeds as it writes (which needs data and metadata as values): the event, parsed whole,
 * and the row, whose data and metadata text are cut out of the line at the cuts the check found
 * (the bytes are the same: restore compares each entry's sha256 with the first pass's), so the
 * stored payloads are the archived text, never serialised again.
 */
export function verbatimEvent(text: string, cuts: ArrayLike<number>, at: number): { row: EventRow; event: ArchivedEvent } {
  const v = JSON.parse(text) as Record<string, string & number>;
  const metadataAt = cuts[at + 1]!;
  const event: ArchivedEvent = {
    globalPosition: v.position,
    eventId: v.event_id,
    streamId: v.stream,
    streamRevision: v.revision,
    type: v.type,
    schemaVersion: v.schema_version,
    data: v.data,
    metadata: v.metadata,
    recordedAt: v.recorded_at,
    prevHash: v.prev_hash,
    hash: v.hash,
  };
  const texts = { dataText: text.slice(cuts[at]!, metadataAt - METADATA_KEY.length), metadataText: text.slice(metadataAt, cuts[at + 2]!) };
  return { row: checkedRow({ event, ...texts }), event };
}

/** The columns of a checked line (a line that was not verbatim, or an EventStoreDB restore). */
export function checkedRow({ event: e, dataText, metadataText }: Pick<CheckedLine, 'event' | 'dataText' | 'metadataText'>): EventRow {
  return { position: e.globalPosition, eventId: e.eventId, streamId: e.streamId, revision: e.streamRevision, type: e.type, schemaVersion: e.schemaVersion, dataText, metadataText, recordedAt: e.recordedAt, prevHash: e.prevHash, hash: e.hash };
}

/** What the chain walk needs of one line whose own hash already held (payloads left out). */
export type CheckedRecord = Omit<ArchivedEvent, 'data' | 'metadata'> & { data?: unknown; metadata?: unknown };

export interface CheckedLines {
  /** One per line; a line whose hash did not hold keeps its data and metadata (the walk names it). */
  records: CheckedRecord[];
  hashHolds: boolean[];
  /** The cuts of each line, three a line, when every line is verbatim (backup-reader verbatimEvent). */
  cuts: Uint32Array | null;
}

/**
 * The per-line half of the first pass over one events/ entry: every line parsed, laid out as the
 * writer lays it out or written out canonically, its own hash checked (checkArchivedLine); the
 * links between lines are the walk's. `first`: the entry opening with the export's header line.
 */
export function checkEventLines(bytes: Uint8Array, name: string, first: boolean): CheckedLines {
  const lines = eventLinesOf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), name, first);
  let cuts: Uint32Array | null = new Uint32Array(lines.length * 3);
  const records: CheckedRecord[] = new Array<CheckedRecord>(lines.length);
  const hashHolds: boolean[] = new Array<boolean>(lines.length);
  for (const [i, line] of lines.entries()) {
    const checked = checkArchivedLine(line, `${name} line ${i + (first ? 2 : 1)}`);
    if (checked.cuts && cuts) cuts.set(checked.cuts, i * 3);
    else cuts = null;
    const { data, metadata, ...rest } = checked.event;
    records[i] = checked.hashHolds ? rest : { ...rest, data, metadata };
    hashHolds[i] = checked.hashHolds;
  }
  return { records, hashHolds, cuts };
}

/** The event lines of one events/ entry (the first one starts with the export's header line, left out here). */
export function eventLinesOf(text: string, name: string, first: boolean): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else throw new BackupInvalidError(`${name} does not end with a whole line`);
  if (!first) return lines;
  let header: Partial<ChainExportHeader> = {};
  try {
    header = JSON.parse(lines[0] ?? '') as Partial<ChainExportHeader>;
  } catch {
    // reported below
  }
  if (header.format !== 'punchline-event-log' || header.version !== 1) throw new BackupInvalidError(`${name} does not start with the event log's header line`);
  return lines.slice(1);
}

export interface ValidatedBackup {
  manifest: BackupManifest;
  /** Every entry's size and sha256, as checked (restore's second pass compares the bytes it writes with them). */
  trailer: BackupTrailer;
  /** events/ entries whose every line is verbatim (checkArchivedLine), with the cuts of each line, three numbers a line. */
  verbatimEventEntries: Map<string, Uint32Array>;
  /** Media paths in the archive, with their sizes. */
  mediaFiles: number;
  mediaBytes: number;
}

export interface ValidateOptions {
  passphrase?: string;
  sideStores: BackupSideStore[];
  onProgress?: (progress: { events: number; totalEvents: number; mediaFiles: number; totalMediaFiles: number; label: string }) => void;
  /**
   * Keys the manifest's checkpoint may also be signed with besides the one the backup carries in its
   * side stores (LOG_SIGNING_KEY of the restoring site, when it signs with a configured key).
   */
  checkpointKeys?: Verifier[];
  /** Where each events/ entry's lines are checked (restore: worker threads, event-lines-check.ts); here by default. */
  checkLines?: (bytes: Uint8Array, name: string, first: boolean) => Promise<CheckedLines>;
}

function parseManifest(text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new BackupInvalidError('the manifest is not JSON');
  }
  if (value.format !== BACKUP_FORMAT) throw new BackupInvalidError('not a Punchline backup (the manifest names another format)');
  if (value.format_version !== BACKUP_FORMAT_VERSION) throw new BackupInvalidError(`backup format version ${String(value.format_version)} is not one this version reads (it reads ${BACKUP_FORMAT_VERSION})`);
  const head = value.head;
  const headFine = head === null || (typeof head === 'object' && Number.isSafeInteger(head?.position) && typeof head?.hash === 'string');
  if (!Number.isSafeInteger(value.event_count) || !headFine || !Number.isSafeInteger(value.media?.files) || !Array.isArray(value.side_stores)) {
    throw new BackupInvalidError('the manifest is incomplete (event count, head, media or side stores missing)');
  }
  return value as BackupManifest;
}

/**
 * The first pass of restore: reads the whole file and checks everything before anything is written
 * (issue 29: a truncated, corrupted or tampered file is refused, naming what is wrong): the archive
 * is whole (its trailer is there and last), every entry's size and sha256 match the trailer, the
 * events form the hash chain from the first event to exactly the head and count the manifest
 * names, media paths are safe and all there, side-store rows are ones their provider accepts.
 */
export async function validateBackup(file: string, options: ValidateOptions): Promise<ValidatedBackup> {
  try {
    return await checkWholeFile(file, options);
  } catch (error) {
    throw asInvalid(error);
  }
}

async function checkWholeFile(file: string, options: ValidateOptions): Promise<ValidatedBackup> {
  let manifest: BackupManifest | null = null;
  let trailer: BackupTrailer | null = null;
  const seen: BackupTrailerEntry[] = [];
  const walker = new ChainWalker({ gapless: true });
  // The log tree over the archived chain hashes (issue 27), to check the manifest's checkpoint against.
  const tree = new MerkleFrontier();
  const mediaPaths = new Set<string>();
  const verbatimEventEntries = new Map<string, Uint32Array>();
  let mediaBytes = 0;
  let eventChunks = 0;
  const sideRows: Record<string, number> = {};
  const archivedKeys: Verifier[] = [];
  const progress = { events: 0, totalEvents: 0, mediaFiles: 0, totalMediaFiles: 0, label: '' };
  const checkLines = options.checkLines ?? (async (bytes: Uint8Array, name: string, first: boolean) => checkEventLines(bytes, name, first));
  const checking: { name: string; checked: Promise<CheckedLines> }[] = [];
  // The links between lines and the log tree, through one entry's checked lines.
  const walkNext = async (): Promise<void> => {
    const { name, checked } = checking.shift()!;
    const { records, hashHolds, cuts } = await checked;
    for (const [i, record] of records.entries()) {
      const broken = walker.next(record as ChainRecord, { hashChecked: hashHolds[i] });
      if (broken) throw new BackupInvalidError(`the event log does not verify at position ${broken.position} (event ${broken.eventId}, stream ${broken.streamId}, type ${broken.type}): ${broken.reason}`);
      tree.append(leafHashOfChainHash(record.hash));
    }
    if (cuts) verbatimEventEntries.set(name, cuts);
    progress.events = walker.verified;
    options.onProgress?.({ ...progress, label: name });
  };
  for await (const entry of archiveEntries(file, options.passphrase)) {
    if (trailer) throw new BackupInvalidError(`${entry.name} follows the trailer (entries were appended to the archive)`);
    // What the events say is settled before any later entry is looked at (its errors come first).
    if (!entry.name.startsWith(EVENTS_PREFIX)) while (checking.length > 0) await walkNext();
    if (entry.name === TRAILER_ENTRY) {
      if (!manifest) throw new BackupInvalidError('the archive has no manifest');
      const text = await entryText(entry);
      try {
        trailer = JSON.parse(text) as BackupTrailer;
      } catch {
        throw new BackupInvalidError('the trailer is not JSON (damaged file)');
      }
      if (trailer.format !== 'punchline-backup-trailer' || !Array.isArray(trailer.entries)) throw new BackupInvalidError('the trailer is not a backup trailer');
      continue;
    }
    // Hash the entry as it goes by; the checks by kind read the same bytes.
    const hash = createHash('sha256');
    let size = 0;
    const tee = (async function* (): AsyncGenerator<Buffer> {
      for await (const chunk of entry.body) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    })();
    const teed: ArchiveEntry = { ...entry, body: tee };
    if (seen.length === 0) {
      if (entry.name !== MANIFEST_ENTRY) throw new BackupInvalidError(`not a Punchline backup: the archive starts with ${JSON.stringify(entry.name)}, not ${MANIFEST_ENTRY}`);
      manifest = parseManifest(await entryText(teed));
      progress.totalEvents = manifest.event_count;
      progress.totalMediaFiles = manifest.media.files;
    } else if (entry.name.startsWith(EVENTS_PREFIX)) {
      // Its lines are checked elsewhere (worker threads) while the next entries are read; the walk takes the results in order.
      const checked = checkLines(await entryBytes(teed), entry.name, eventChunks === 0);
      checked.catch(() => undefined);
      checking.push({ name: entry.name, checked });
      eventChunks += 1;
      while (checking.length > LINE_CHECKS_AHEAD) await walkNext();
    } else if (entry.name.startsWith(SIDE_STORES_PREFIX)) {
      const name = entry.name.slice(SIDE_STORES_PREFIX.length).split('/')[0]!;
      const provider = options.sideStores.find((s) => s.name === name);
      if (!provider) throw new BackupInvalidError(`the archive holds data of a side store named ${JSON.stringify(name)}, which this version does not know`);
      const lines = (await entryText(teed)).split('\n').filter((l) => l !== '');
      for (const [i, line] of lines.entries()) {
        try {
          const row = JSON.parse(line) as Record<string, unknown>;
          provider.validate(row);
          archivedKeys.push(...(provider.checkpointVerifiers?.(row) ?? []));
        } catch (error) {
          throw new BackupInvalidError(`${entry.name} line ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      sideRows[name] = (sideRows[name] ?? 0) + lines.length;
    } else if (entry.name.startsWith(MEDIA_PREFIX)) {
      const path = entry.name.slice(MEDIA_PREFIX.length);
      if (!isSafeMediaPath(path)) throw new BackupInvalidError(`${entry.name}: not a media path restore may write`);
      if (mediaPaths.has(path)) throw new BackupInvalidError(`${entry.name} appears twice`);
      mediaPaths.add(path);
      for await (const chunk of tee) mediaBytes += chunk.length;
      progress.mediaFiles = mediaPaths.size;
      options.onProgress?.({ ...progress, label: path });
    } else {
      throw new BackupInvalidError(`unexpected entry ${JSON.stringify(entry.name)} in the archive`);
    }
    // Anything the checks did not read is still hashed.
    for await (const _chunk of tee) void _chunk;
    if (size !== entry.size) throw new BackupInvalidError(`${entry.name} is cut short (${size} of ${entry.size} bytes)`);
    seen.push({ name: entry.name, size, sha256: hash.digest('hex') });
  }
  while (checking.length > 0) await walkNext();
  if (!manifest) throw new BackupInvalidError('the file is empty or not a backup archive');
  if (!trailer) throw new BackupInvalidError('the archive has no trailer: the backup was cut short (truncated file or interrupted backup)');
  if (trailer.entries.length !== seen.length) throw new BackupInvalidError(`the trailer lists ${trailer.entries.length} entries, the archive holds ${seen.length}`);
  for (const [i, listed] of trailer.entries.entries()) {
    const found = seen[i]!;
    if (listed.name !== found.name) throw new BackupInvalidError(`entry ${i + 1} is ${found.name}, the trailer lists ${listed.name}`);
    if (listed.size !== found.size || listed.sha256 !== found.sha256) throw new BackupInvalidError(`${found.name} does not match its checksum in the trailer (altered or damaged)`);
  }
  if (eventChunks === 0) throw new BackupInvalidError('the archive holds no event log');
  const head = walker.head;
  if (walker.verified !== manifest.event_count) throw new BackupInvalidError(`the archive holds ${walker.verified} events, the manifest says ${manifest.event_count}`);
  if ((head?.position ?? null) !== (manifest.head?.position ?? null) || (head?.hash ?? null) !== (manifest.head?.hash ?? null)) {
    throw new BackupInvalidError(`the event log ends at ${describeHead(head)}, the manifest names ${describeHead(manifest.head)}`);
  }
  const missing = Array.isArray(trailer.media_missing) ? trailer.media_missing.length : 0;
  if (mediaPaths.size + missing !== manifest.media.files) throw new BackupInvalidError(`the archive holds ${mediaPaths.size} media files (${missing} missing when backed up), the manifest lists ${manifest.media.files}`);
  for (const name of manifest.side_stores) {
    if (!options.sideStores.some((s) => s.name === name)) throw new BackupInvalidError(`the backup includes a side store named ${JSON.stringify(name)}, which this version does not know`);
    if ((sideRows[name] ?? 0) !== (trailer.side_store_rows?.[name] ?? 0)) throw new BackupInvalidError(`side store ${name}: ${sideRows[name] ?? 0} rows in the archive, the trailer says ${trailer.side_store_rows?.[name] ?? 0}`);
  }
  if (manifest.checkpoint) {
    // The signed checkpoint must name exactly this log: its size and the Merkle root of the archived chain hashes.
    let checkpoint;
    try {
      checkpoint = parseEarlier(manifest.checkpoint).checkpoint;
    } catch (error) {
      if (error instanceof CheckpointFormatError) throw new BackupInvalidError(`the manifest's checkpoint is not readable: ${error.message}`);
      throw error;
    }
    if (checkpoint.size !== walker.verified) throw new BackupInvalidError(`the manifest's checkpoint covers ${checkpoint.size} events, the archive holds ${walker.verified}`);
    if (!checkpoint.root.equals(tree.root())) throw new BackupInvalidError("the manifest's checkpoint does not match the archived log (another Merkle root: the log or the checkpoint was altered)");
  }
  if (manifest.checkpoint) {
    // Issue 27's signature: the checkpoint must be signed by the log's key, the one the backup carries
    // beside the log (or LOG_SIGNING_KEY's): a checkpoint line altered, or re-signed by someone else, is refused.
    const note = openNote(manifest.checkpoint.replace(/^\s+/, ''));
    const keys = [...archivedKeys, ...(options.checkpointKeys ?? [])];
    const signers = note.signatures.map((s) => `${s.name} (key id ${s.keyId.toString('hex')})`).join(', ');
    if (keys.length === 0) {
      throw new BackupInvalidError(`the manifest's checkpoint is signed by ${signers}, and neither the backup nor LOG_SIGNING_KEY holds a key to verify it with (set LOG_SIGNING_KEY to the key the site signs with)`);
    }
    const origin = parseCheckpointText(note.text).origin;
    if (!keys.some((key) => key.name === origin && noteSignedBy(note, key))) {
      throw new BackupInvalidError(`the manifest's checkpoint signature does not verify with the log's key (${keys.map((k) => verifierKeyText(k)).join(' or ')}; the checkpoint names ${signers}): the checkpoint was altered or signed with another key`);
    }
  }
  return { manifest, trailer, verbatimEventEntries, mediaFiles: mediaPaths.size, mediaBytes };
}

export const describeHead = (head: { position: number; hash: string } | null): string => (head ? `position ${head.position} (hash ${head.hash})` : 'an empty log');
