import { LIVE_SCHEMA, qualified, CHECKPOINT_TABLE, type Database, type Projection, type SqlClient } from '@punchline/projections';
import type { Migration } from '../database/migrations';
import { consistencyProof, inclusionProof, leafHashOfChainHash, leafHashesOfChainHashes, nodeId, treeHash, withNodes } from './merkle';
import { appendToTiles, discardTreeFrom, fetchNodes, readTreeEdge, treeSize, writeTiles, type TreeEdge } from './tiles';
import { compareWithCheckpoint, liveLeaves, parseEarlier, type CheckpointComparison } from './checkpoint-check';
import type { LeafChunk, LeafSource } from './leaf-source';
import { checkpointText, generateSeed, signNote, signerFromSeed, verifierKeyText, type NoteSigner } from './signed-note';

/**
 * The stored Merkle tree over the global log (DESIGN §15, ARCHITECTURE "Log tree"). This first
 * layout, es.merkle_nodes (one row per complete subtree), is what 0270 created; 0271
 * (logTreeTilesMigration, tiles.ts) converts it into tiles and drops it. The tree's size is the
 * leaves its level-0 tiles hold, so the table is its own checkpoint: discardTreeFrom (issue 28's
 * migration) leaves a smaller, still valid tree that catch-up extends again.
 */
export const logTreeMigration: Migration = {
  id: '0270_log_tree',
  sql: `
CREATE TABLE IF NOT EXISTS es.merkle_nodes (
  level smallint NOT NULL,
  idx bigint NOT NULL,
  hash bytea NOT NULL,
  PRIMARY KEY (level, idx)
);
-- The checkpoint signing key when LOG_SIGNING_KEY is unset: generated once, kept with the log.
CREATE TABLE IF NOT EXISTS es.log_signing_key (
  id smallint PRIMARY KEY CHECK (id = 1),
  name text NOT NULL,
  seed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};

/** Serialises tree writers (catch-up of a starting instance, the projector leader's batches). */
export const LOG_TREE_LOCK_KEY = 715027;
/** The checkpoint name of the tree in rm.projection_checkpoints (the leader keeps it up to date). */
export const LOG_TREE_NAME = 'log_tree';


export interface CatchUpProgress {
  /** Leaves in the tree when catch-up started and now, and the leaves known to the source. */
  from: number;
  size: number;
  done: boolean;
  /** Why the tree could not follow the log (a log shorter than its tree). */
  problem?: string;
}

export interface SignedCheckpoint {
  size: number;
  root: Buffer;
  /** The C2SP signed note. */
  note: string;
}

export interface LogPublicKey {
  key_name: string;
  algorithm: 'ed25519';
  public_key: string;
  verifier_key: string;
}

/** Leaves per catch-up transaction (a whole number of level-0 tiles). */
const CATCH_UP_CHUNK = 65_536;
const MAX_SAFE_POSITION = Number.MAX_SAFE_INTEGER;

/** The tree, its signer and its answers (checkpoint, proofs), on either store. */
export class LogTree {
  private cached: SignedCheckpoint | null = null;
  private progress: CatchUpProgress = { from: 0, size: 0, done: false };

  constructor(
    private readonly db: Database,
    readonly source: LeafSource,
    readonly signer: NoteSigner,
  ) {}

  /** The signing key: LOG_SIGNING_KEY's when given, else the one kept in es.log_signing_key (made on first use). */
  static async open(db: Database, source: LeafSource, options: { signer?: NoteSigner; keyName: string }): Promise<LogTree> {
    if (options.signer) return new LogTree(db, source, options.signer);
    const seed = generateSeed().toString('base64');
    await db.query('INSERT INTO es.log_signing_key (id, name, seed) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [options.keyName, seed]);
    const { rows } = await db.query<{ name: string; seed: string }>('SELECT name, seed FROM es.log_signing_key WHERE id = 1');
    return new LogTree(db, source, signerFromSeed(rows[0].name, Buffer.from(rows[0].seed, 'base64')));
  }

  get catchUpProgress(): CatchUpProgress {
    return { ...this.progress };
  }

  size(client: SqlClient = this.db): Promise<number> {
    return treeSize(client);
  }

  /** catchUpTree on this tree, its progress kept for health (catchUpProgress). */
  async catchUp(onProgress?: (progress: CatchUpProgress) => void): Promise<CatchUpProgress> {
    return catchUpTree(this.db, this.source, (progress, chunk) => {
      this.progress = progress;
      if (chunk) onProgress?.(this.catchUpProgress);
    });
  }

  /** The tree hash at `size` (≤ the current size) from stored nodes. */
  rootAt(size: number, client: SqlClient = this.db): Promise<Buffer> {
    return storedRootAt(client, size);
  }

  /** The signed checkpoint of the tree as it is now. */
  async checkpoint(): Promise<SignedCheckpoint> {
    const size = await this.size();
    const root = await this.rootAt(size);
    // Signed once per tree state; the root is read each time, so a tree rebuilt at the same size is never masked.
    if (this.cached?.size === size && this.cached.root.equals(root)) return this.cached;
    const signed = { size, root, note: this.sign(size, root) };
    this.cached = signed;
    return signed;
  }

  sign(size: number, root: Buffer): string {
    return signNote(checkpointText({ origin: this.signer.name, size, root }), this.signer);
  }

  /**
   * Does the live log extend an earlier checkpoint (or the checkpoint of an earlier export)? Throws
   * CheckpointFormatError for text that is not one, or one not signed by this log's key.
   */
  async check(earlierText: string): Promise<CheckpointComparison> {
    const earlier = parseEarlier(earlierText, this.signer);
    const result = await compareWithCheckpoint(earlier, liveLeaves(this.db, this.source));
    if (result.verdict === 'extends' && result.size > 0) {
      const position = await this.source.positionOfLeaf(this.db, result.size - 1);
      result.checkpoint_date = position === null ? null : await this.source.occurredAt(this.db, position);
    }
    return result;
  }

  publicKey(): LogPublicKey {
    return {
      key_name: this.signer.name,
      algorithm: 'ed25519',
      public_key: this.signer.publicKey.toString('base64'),
      verifier_key: verifierKeyText(this.signer),
    };
  }

  /** RFC 9162 §2.1.3 audit path of leaf `index` in the tree of `size` leaves (size ≤ current). */
  inclusionProof(index: number, size: number): Promise<Buffer[]> {
    return withNodes((read) => inclusionProof(index, size, read), (keys) => fetchNodes(this.db, keys));
  }

  /** RFC 9162 §2.1.4 proof that the tree of `to` leaves extends the tree of `from` (0 < from ≤ to ≤ current). */
  consistencyProof(from: number, to: number): Promise<Buffer[]> {
    return withNodes((read) => consistencyProof(from, to, read), (keys) => fetchNodes(this.db, keys));
  }

  async leafHash(index: number): Promise<Buffer | null> {
    const found = await fetchNodes(this.db, [{ level: 0, idx: index }]);
    return found.get(nodeId({ level: 0, idx: index })) ?? null;
  }
}

/** The tree hash at `size` (≤ the stored tree's size) from the stored tiles: what a checkpoint of that size signs. */
export function storedRootAt(client: SqlClient, size: number): Promise<Buffer> {
  return withNodes((read) => treeHash(size, read), (keys) => fetchNodes(client, keys));
}

export const LOG_TREE_VERSION = 1;

/**
 * The projector's leader extends the tree right after each batch, in the batch's transaction
 * (ARCHITECTURE "Log tree": why not in the append). On EventStoreDB it runs after the log digest,
 * whose rows of the same batch are then its leaves.
 */
/**
 * Builds the tree for leaves the source holds beyond it (an existing log at first start, after a
 * tree was discarded from some position on, or a restore), a chunk per transaction, reading chain
 * hashes only, and moves the tree's projector checkpoint to what it covers so the leader carries on
 * from there. `report` hears the progress at the start and after each chunk.
 */
export async function catchUpTree(db: Database, source: LeafSource, report: (progress: CatchUpProgress, chunk: boolean) => void = () => undefined): Promise<CatchUpProgress> {
  const from = await treeSize(db);
  report({ from, size: from, done: false }, false);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOG_TREE_LOCK_KEY]);
    // A stored level longer than the leaves imply (a tree cut at its leaves only) would disagree
    // with the tiles about to be written: trimmed once here, to the tree its leaves make.
    await discardTreeFrom(tx, await treeSize(tx));
  });
  // PostgreSQL: the next chunk's chain hashes are read on another connection of the pool while
  // this chunk is hashed and written (the rows are immutable; used only if the tree still ends
  // where they start). PGlite is one connection in this process: nothing to overlap.
  let next: { after: number; chunk: Promise<LeafChunk> } | null = null;
  const prefetch = (after: number): { after: number; chunk: Promise<LeafChunk> } => {
    const chunk = source.readChunk(db, after, MAX_SAFE_POSITION, CATCH_UP_CHUNK);
    chunk.catch(() => undefined);
    return { after, chunk };
  };
  for (;;) {
    const added = await db.transaction(async (tx) => {
      // Derived data: a chunk lost in a crash is simply built again at the next start.
      await tx.query('SET LOCAL synchronous_commit = off');
      // Locks in the projector's order: a batch locks its checkpoint rows (the guard) before the
      // tree (this projection's apply). Taking the tree first here deadlocked with the leader of
      // another instance projecting while this one started (DESIGN §18).
      await tx.query(`SELECT 1 FROM ${qualified(LIVE_SCHEMA, CHECKPOINT_TABLE)} WHERE name = $1 FOR UPDATE`, [LOG_TREE_NAME]);
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOG_TREE_LOCK_KEY]);
      const edge = await readTreeEdge(tx);
      const size = edge.size;
      const after = size === 0 ? 0 : await source.positionOfLeaf(tx, size - 1);
      // A tree longer than the log: events were removed behind the app's back. The app still
      // starts (the public site must stay up); verify --checkpoint and health name the cut.
      if (after === null) return { count: 0, size, more: false, problem: `the log tree has ${size} leaves but the log has fewer events: the log was cut short (run npm run verify -- --checkpoint)` };
      const pending: { after: number; chunk: Promise<LeafChunk> } | null = next;
      next = null;
      const read = () => source.readChunk(tx, after, MAX_SAFE_POSITION, CATCH_UP_CHUNK);
      const chunk = pending?.after === after ? await pending.chunk.catch(read) : await read();
      if (chunk.count === CATCH_UP_CHUNK && db.kind === 'pg') next = prefetch(chunk.last);
      const count = await extendTree(tx, edge, chunk);
      const covered = count > 0 ? chunk.last : after;
      await tx.query(
        `INSERT INTO ${qualified(LIVE_SCHEMA, CHECKPOINT_TABLE)} (name, version, position) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET position = GREATEST(${qualified(LIVE_SCHEMA, CHECKPOINT_TABLE)}.position, EXCLUDED.position), updated_at = now()
          WHERE ${qualified(LIVE_SCHEMA, CHECKPOINT_TABLE)}.version = EXCLUDED.version`,
        [LOG_TREE_NAME, LOG_TREE_VERSION, covered],
      );
      return { count, size: size + count, more: count === CATCH_UP_CHUNK, problem: undefined as string | undefined };
    });
    const progress: CatchUpProgress = { from, size: added.size, done: !added.more, ...(added.problem ? { problem: added.problem } : {}) };
    report(progress, true);
    if (!added.more) return progress;
  }
}

export function logTreeProjection(source: LeafSource): Projection {
  return {
    name: LOG_TREE_NAME,
    version: LOG_TREE_VERSION,
    tables: [],
    async migrate() {
      // es.merkle_nodes comes with logTreeMigration: the tree is evidence, never rebuilt by replay.
    },
    async apply(tx: SqlClient, schema: string, events) {
      if (schema !== LIVE_SCHEMA) throw new Error('The log tree covers the live log; it is never built into another schema');
      const upTo = events[events.length - 1].globalPosition;
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOG_TREE_LOCK_KEY]);
      const edge = await readTreeEdge(tx);
      // Postgres: the tree's own size says where it stands (positions are leaf numbers). EventStoreDB:
      // the batch's first event normally follows the tree's last leaf (catch-up aligned the checkpoint).
      const after = source.gapless ? edge.size : await lastLeafPosition(tx, source, edge.size, events[0].globalPosition - 1);
      if (after === null || after >= upTo) return;
      await extendTree(tx, edge, await source.readChunk(tx, after, upTo, MAX_SAFE_POSITION));
    },
  };
}

/**
 * EventStoreDB: the store position of the tree's last leaf. Usually the position just before the
 * batch (checked in O(log n): the digest row there hashes to the stored last leaf); after a reset
 * checkpoint the slow search (an index walk) finds it, so no leaf is ever appended twice. Null when
 * the tree is longer than the digest (the digest was cut: verify names that).
 */
async function lastLeafPosition(tx: SqlClient, source: LeafSource, size: number, expected: number): Promise<number | null> {
  if (size === 0) return 0;
  const { rows } = await tx.query<{ hash: string }>('SELECT hash FROM es.esdb_log_digest WHERE position <= $1 ORDER BY position DESC LIMIT 1', [expected]);
  const stored = await fetchNodes(tx, [{ level: 0, idx: size - 1 }]);
  const last = stored.get(nodeId({ level: 0, idx: size - 1 }));
  if (rows.length > 0 && last && leafHashOfChainHash(rows[0].hash).equals(last)) return expected;
  return source.positionOfLeaf(tx, size - 1);
}

/**
 * Appends a chunk of leaves (their chain hashes) to the tree whose right edge is `edge`. Every
 * writer holds LOG_TREE_LOCK_KEY and starts from the edge it read under it, so the tiles written
 * are exactly the edge's partial ones (rewritten) and new ones. Returns how many were appended.
 */
async function extendTree(tx: SqlClient, edge: TreeEdge, chunk: LeafChunk): Promise<number> {
  if (chunk.count === 0) return 0;
  await writeTiles(tx, appendToTiles(edge, leafHashesOfChainHashes(chunk.hashes)).tiles);
  return chunk.count;
}
