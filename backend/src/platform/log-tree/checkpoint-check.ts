import type { SqlClient } from '@punchline/projections';
import { exportLine } from '../event-store/hash-chain';
import { MerkleFrontier, leafHashOfChainHash } from './merkle';
import { noteSignedBy, openNote, parseCheckpointText, type Checkpoint, type Verifier } from './signed-note';
import type { LeafSource } from './leaf-source';
import { readStoredLeaves } from './tiles';

/**
 * Does a log extend a checkpoint written down earlier (DESIGN §15, `verify --checkpoint`, Site
 * history's check)? The tree is recomputed from the chain hashes as they are now (never trusted
 * from the stored tiles), so a tail deleted with SQL shows as a shorter log, and a tail altered with
 * every later chain hash recomputed shows as another root at the checkpoint's size.
 */

/** What the earlier side holds: its checkpoint, and (an earlier export) the leaf hashes it covered. */
export interface EarlierLog {
  checkpoint: Checkpoint;
  note: string;
  /** Leaf hashes of the earlier export, when the reference is an export: they locate a rewrite. */
  leafHashes?: Buffer[];
}

/** One leaf of the log being checked, in log order. */
export interface LeafRecord {
  /** The event's chain hash as stored (hex): the leaf bytes. */
  chainHash: string;
  /** What the log itself claims this leaf's hash is (the stored tree, an export's leaf_hash), if anything. */
  claimedLeaf?: Buffer | null;
  occurredAt?: string | null;
}

export type CheckpointComparison =
  | { verdict: 'extends'; size: number; current_size: number; checkpoint_date: string | null }
  | { verdict: 'truncated'; size: number; current_size: number; first_difference: number }
  | { verdict: 'rewritten'; size: number; current_size: number; first_difference: number | null };

export class CheckpointFormatError extends Error {}

/** Reads an earlier reference: a signed checkpoint, or an export whose last line carries one. */
export function parseEarlier(text: string, verifier?: Verifier): EarlierLog {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) return parseEarlierExport(trimmed, verifier);
  return { ...openCheckpoint(text, verifier), leafHashes: undefined };
}

function openCheckpoint(text: string, verifier?: Verifier): { checkpoint: Checkpoint; note: string } {
  let note;
  let checkpoint;
  try {
    note = openNote(text.replace(/^\s+/, ''));
    checkpoint = parseCheckpointText(note.text);
  } catch (error) {
    throw new CheckpointFormatError(`not a signed checkpoint: ${(error as Error).message}`);
  }
  if (verifier) {
    if (checkpoint.origin !== verifier.name) throw new CheckpointFormatError(`the checkpoint is of another log (${checkpoint.origin}, not ${verifier.name})`);
    if (!noteSignedBy(note, verifier)) throw new CheckpointFormatError(`the checkpoint is not signed by this log's key (${verifier.name})`);
  }
  return { checkpoint, note: text };
}

function parseEarlierExport(text: string, verifier?: Verifier): EarlierLog {
  const leafHashes: Buffer[] = [];
  let note: string | null = null;
  for (const raw of text.split('\n')) {
    const value = exportLine(raw);
    if (value === 'blank') continue;
    if (value === null) throw new CheckpointFormatError('not a checkpoint, nor an export of the event log (a line is not JSON)');
    if (typeof value.checkpoint === 'string') note = value.checkpoint;
    else if (typeof value.leaf_hash === 'string') leafHashes.push(Buffer.from(value.leaf_hash, 'hex'));
  }
  if (note === null) throw new CheckpointFormatError('the export has no checkpoint line (made before checkpoints existed?)');
  const opened = openCheckpoint(note, verifier);
  return { ...opened, leafHashes: leafHashes.length === opened.checkpoint.size ? leafHashes : undefined };
}

/** Walks the current log's leaves once and says whether it extends the earlier checkpoint. */
export async function compareWithCheckpoint(earlier: EarlierLog, leaves: AsyncIterable<LeafRecord>): Promise<CheckpointComparison> {
  const m = earlier.checkpoint.size;
  const frontier = new MerkleFrontier();
  let rootAtM = m === 0 ? frontier.root() : null;
  let firstDiff: number | null = null;
  let claimedDiff: number | null = null;
  let date: string | null = null;
  for await (const record of leaves) {
    const index = frontier.size;
    const leaf = leafHashOfChainHash(record.chainHash);
    if (index < m) {
      if (firstDiff === null && earlier.leafHashes && !earlier.leafHashes[index].equals(leaf)) firstDiff = index + 1;
      if (claimedDiff === null && record.claimedLeaf && !record.claimedLeaf.equals(leaf)) claimedDiff = index + 1;
      if (index === m - 1) date = record.occurredAt ?? null;
    }
    frontier.append(leaf);
    if (frontier.size === m) rootAtM = frontier.root();
  }
  const current = frontier.size;
  if (current < m) return { verdict: 'truncated', size: m, current_size: current, first_difference: firstDiff ?? current + 1 };
  if (rootAtM!.equals(earlier.checkpoint.root)) return { verdict: 'extends', size: m, current_size: current, checkpoint_date: date };
  return { verdict: 'rewritten', size: m, current_size: current, first_difference: firstDiff ?? claimedDiff };
}

/**
 * The live log's leaves on either store: chain hashes in log order, each with the stored tree's
 * leaf beside it (a tail rehashed behind the tree's back differs there, which locates it).
 */
export async function* liveLeaves(client: SqlClient, source: LeafSource, options: { batchSize?: number } = {}): AsyncGenerator<LeafRecord> {
  const batchSize = options.batchSize ?? 20_000;
  let after = 0;
  let index = 0;
  for (;;) {
    const rows = await source.readAfter(client, after, Number.MAX_SAFE_INTEGER, batchSize);
    if (rows.length === 0) return;
    const claimed = await readStoredLeaves(client, index, rows.length);
    for (const row of rows) {
      yield { chainHash: row.hash, claimedLeaf: claimed.get(index) ?? null, occurredAt: null };
      index += 1;
    }
    after = rows[rows.length - 1].position;
    if (rows.length < batchSize && source.gapless === false) return;
  }
}

/** Says a comparison in words (CLI and screen use the same sentences). */
export function describeComparison(result: CheckpointComparison): string {
  switch (result.verdict) {
    case 'extends':
      return `OK: this log (${result.current_size} events) extends the checkpoint of ${result.size} events${result.checkpoint_date ? ` (last event ${result.checkpoint_date})` : ''}`;
    case 'truncated':
      return `TRUNCATED: the log has ${result.current_size} events, fewer than the ${result.size} of the checkpoint; the first missing event is number ${result.first_difference}`;
    case 'rewritten':
      return (
        `REWRITTEN: the first ${result.size} events of this log have another root than the checkpoint's` +
        (result.first_difference === null ? ' (compare with an earlier export to find the first event that differs)' : `; the first event that differs is number ${result.first_difference}`)
      );
    default: {
      const _exhaustive: never = result;
      return _exhaustive;
    }
  }
}
