import type { SqlClient } from '@punchline/projections';
import type { Migration } from '../database/migrations';
import { nodeId, sha256Bytes, type NodeKey } from './merkle';

/**
 * How the log tree is stored (ARCHITECTURE "Log tree"): tiles, as C2SP tlog-tiles and Go's
 * sumdb/tlog do, here of height 4. Only every 4th level of the tree is stored (tree levels 0, 4,
 * 8, …: tile levels 0, 1, 2, …), 16 consecutive hashes of one stored level to a row:
 * es.merkle_tiles (level, idx, hashes) holds the hashes of tree level 4·level, nodes
 * [16·idx, 16·idx + width), width × 32 bytes (≤ 512: stored inline, no TOAST). A node of a level
 * in between is recomputed from the ≤ 8 stored hashes under it (≤ 7 hashes). Only the right-most
 * tile of each stored level is partial; appending rewrites it (and adds the ones that fill), so a
 * batch writes about one small row per stored level it reaches, and a million leaves are about
 * 67,000 rows instead of 2,000,000.
 *
 * Why 4 and not sumdb's 8 (measured on the million-event bench): both build the tree at about the
 * same speed, but with 8 a proof hashes a few hundred times (a node between stored levels costs up
 * to 127) and reads slices of 8 KB TOASTed tiles: proofs took about 2.5× the first layout's
 * time at p50; with 4 they cost what they did. Sumdb serves tiles to clients over HTTP, where
 * fewer, larger objects matter; here the proofs are computed next to the table.
 *
 * This module is the one place that knows the layout: the tree's size, its right edge, node and
 * leaf reads, appending, and discarding the tree from some leaf on (issue 28's migration, tests).
 */

/** Part of the stored format (migration 0271 groups by it): changing it needs a migration. */
export const TILE_HEIGHT = 4;
export const TILE_WIDTH = 2 ** TILE_HEIGHT;
const HASH = 32;
/** Tile levels a tree of at most 2^53 leaves can have (tree levels 0, H, 2H, … up to 53). */
const TILE_LEVELS = Math.floor(53 / TILE_HEIGHT) + 1;

/**
 * es.merkle_nodes (one row per complete subtree, 0270) becomes es.merkle_tiles: the stored levels'
 * hashes, as they were, grouped TILE_WIDTH to a row. Converted, never rebuilt from the log: the stored
 * leaves are evidence of what the log was when they were written (a tail rehashed behind the tree's
 * back is located by them), so a rebuild would launder a tampered log. Only the tree the old code
 * kept is carried: its contiguous leaves from 0, and of each stored level the nodes that size
 * implies (the old catch-up cleared anything past them the same way). A stored level missing a
 * node the size implies is a damaged tree: the migration stops rather than store a shifted tile.
 */
export const logTreeTilesMigration: Migration = {
  id: '0271_log_tree_tiles',
  sql: `
CREATE TABLE IF NOT EXISTS es.merkle_tiles (
  level smallint NOT NULL,
  idx bigint NOT NULL,
  hashes bytea NOT NULL,
  PRIMARY KEY (level, idx)
);
-- SHA-256 output does not compress: never try (rows stay under the TOAST threshold anyway).
ALTER TABLE es.merkle_tiles ALTER COLUMN hashes SET STORAGE EXTERNAL;
DO $$
DECLARE
  leaves bigint;
  top bigint;
  bad record;
BEGIN
  IF to_regclass('es.merkle_nodes') IS NULL THEN
    RETURN;
  END IF;
  SELECT count(*), coalesce(max(idx) + 1, 0) INTO leaves, top FROM es.merkle_nodes WHERE level = 0;
  IF leaves <> top THEN
    SELECT coalesce(min(g), 0) INTO leaves FROM generate_series(0, top) AS g
     WHERE NOT EXISTS (SELECT 1 FROM es.merkle_nodes n WHERE n.level = 0 AND n.idx = g);
  END IF;
  INSERT INTO es.merkle_tiles (level, idx, hashes)
  SELECT level / ${TILE_HEIGHT}, idx / ${TILE_WIDTH}, string_agg(hash, ''::bytea ORDER BY idx)
    FROM es.merkle_nodes
   WHERE level % ${TILE_HEIGHT} = 0 AND level < ${TILE_HEIGHT * TILE_LEVELS} AND idx < (leaves >> level)
   GROUP BY level / ${TILE_HEIGHT}, idx / ${TILE_WIDTH};
  SELECT t.level, t.idx INTO bad FROM es.merkle_tiles t
   WHERE octet_length(t.hashes) <> 32 * least(${TILE_WIDTH}, (leaves >> (${TILE_HEIGHT} * t.level)) - ${TILE_WIDTH} * t.idx)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'es.merkle_nodes lacks nodes of tree level % under tile %: the stored log tree is damaged', ${TILE_HEIGHT} * bad.level, bad.idx;
  END IF;
  DROP TABLE es.merkle_nodes;
END $$;
`,
};

/** The tree's size: the leaves in its level-0 tiles (contiguous from 0; the last may be partial). */
export async function treeSize(client: SqlClient): Promise<number> {
  const { rows } = await client.query<{ idx: string | number; bytes: number }>(
    'SELECT idx, octet_length(hashes) AS bytes FROM es.merkle_tiles WHERE level = 0 ORDER BY idx DESC LIMIT 1',
  );
  return rows.length === 0 ? 0 : Number(rows[0].idx) * TILE_WIDTH + Number(rows[0].bytes) / HASH;
}

/** What an appender needs: the size, and each stored level's partial right-most tile (width < TILE_WIDTH, maybe empty). */
export interface TreeEdge {
  size: number;
  /** partial[t]: the hashes of tree level t·TILE_HEIGHT past the last full tile (n_t mod TILE_WIDTH of them). */
  partial: Buffer[];
}

/** Stored level t holds floor(size / TILE_WIDTH^t) hashes. */
function storedCount(size: number, level: number): number {
  return Math.floor(size / TILE_WIDTH ** level);
}

/**
 * The right edge in one query: the last tile of each stored level. Checked against the size the
 * level-0 tiles give (a tree damaged behind the writer's back stops it rather than grow wrong).
 */
export async function readTreeEdge(client: SqlClient): Promise<TreeEdge> {
  const { rows } = await client.query<{ level: number; idx: string | number; hashes: string }>(
    `SELECT t.level, t.idx, encode(t.hashes, 'hex') AS hashes FROM generate_series(0, $1::int - 1) AS l(level)
      CROSS JOIN LATERAL (SELECT m.level, m.idx, m.hashes FROM es.merkle_tiles m WHERE m.level = l.level ORDER BY m.idx DESC LIMIT 1) t`,
    [TILE_LEVELS],
  );
  const last = new Map(rows.map((r) => [Number(r.level), { idx: Number(r.idx), hashes: Buffer.from(r.hashes, 'hex') }]));
  const bottom = last.get(0);
  const size = bottom ? bottom.idx * TILE_WIDTH + bottom.hashes.length / HASH : 0;
  const partial: Buffer[] = [];
  for (let level = 0; level < TILE_LEVELS; level += 1) {
    const count = storedCount(size, level);
    const width = count % TILE_WIDTH;
    const tile = last.get(level);
    const expected = width > 0 ? { idx: Math.floor(count / TILE_WIDTH), bytes: width * HASH } : count > 0 ? { idx: count / TILE_WIDTH - 1, bytes: TILE_WIDTH * HASH } : null;
    if (expected === null ? tile !== undefined : tile?.idx !== expected.idx || tile.hashes.length !== expected.bytes) {
      throw new Error(`the log tree of ${size} leaves has a last tile at level ${level} that does not match its size (discardTreeFrom repairs it from the leaves kept)`);
    }
    partial.push(width > 0 ? tile!.hashes : Buffer.alloc(0));
  }
  return { size, partial };
}

/** A tile to write: the full content of row (level, idx). */
export interface Tile {
  level: number;
  idx: number;
  hashes: Buffer;
}

const nodeInput = Buffer.alloc(1 + 2 * HASH, 0x01);

/**
 * The root of the perfect subtree over `count` (a power of two) consecutive hashes of `bytes` from
 * byte `offset`: count - 1 node hashes, SHA-256(0x01 ‖ left ‖ right) level by level.
 */
export function subtreeRoot(bytes: Buffer, offset: number, count: number): Buffer {
  if (count === 1) return Buffer.from(bytes.subarray(offset, offset + HASH));
  let level = bytes.subarray(offset, offset + count * HASH);
  for (let n = count; n > 1; n /= 2) {
    const next = Buffer.allocUnsafe((n / 2) * HASH);
    for (let i = 0; i < n / 2; i += 1) {
      level.copy(nodeInput, 1, i * 2 * HASH, (i + 1) * 2 * HASH);
      sha256Bytes(nodeInput, next, i * HASH);
    }
    level = next;
  }
  return level;
}

/**
 * Appends leaf hashes (32 bytes each, in one buffer) to a tree with right edge `edge`: the tiles to
 * write (every tile touched, each with its full content) and the new edge. Each tile that fills
 * adds its root (a node of the next stored level) to the level above; nothing else is hashed, so
 * appending costs about one hash per leaf, as the frontier did.
 */
export function appendToTiles(edge: TreeEdge, leafHashes: Buffer): { tiles: Tile[]; edge: TreeEdge } {
  const tiles: Tile[] = [];
  const partial = [...edge.partial];
  let added = leafHashes;
  for (let level = 0; added.length > 0; level += 1) {
    if (level >= TILE_LEVELS) throw new Error('the log tree cannot grow past 2^53 leaves');
    const first = Math.floor(storedCount(edge.size, level) / TILE_WIDTH);
    const hashes = partial[level].length === 0 ? added : Buffer.concat([partial[level], added]);
    const full = Math.floor(hashes.length / (TILE_WIDTH * HASH));
    const roots = Buffer.allocUnsafe(full * HASH);
    for (let t = 0; t < full; t += 1) {
      tiles.push({ level, idx: first + t, hashes: hashes.subarray(t * TILE_WIDTH * HASH, (t + 1) * TILE_WIDTH * HASH) });
      subtreeRoot(hashes, t * TILE_WIDTH * HASH, TILE_WIDTH).copy(roots, t * HASH);
    }
    const rest = hashes.subarray(full * TILE_WIDTH * HASH);
    if (rest.length > 0) tiles.push({ level, idx: first + full, hashes: rest });
    partial[level] = rest;
    added = roots;
  }
  return { tiles, edge: { size: edge.size + leafHashes.length / HASH, partial } };
}

/** Writes tiles (under LOG_TREE_LOCK_KEY): new rows, and the rewritten partial ones. */
export async function writeTiles(tx: SqlClient, tiles: Tile[]): Promise<void> {
  if (tiles.length === 0) return;
  await tx.query(
    `INSERT INTO es.merkle_tiles (level, idx, hashes)
     SELECT l, i, decode(h, 'hex') FROM unnest($1::smallint[], $2::bigint[], $3::text[]) AS t(l, i, h)
     ON CONFLICT (level, idx) DO UPDATE SET hashes = EXCLUDED.hashes`,
    [tiles.map((t) => t.level), tiles.map((t) => t.idx), tiles.map((t) => t.hashes.toString('hex'))],
  );
}

/**
 * Nodes (level L, idx) as the proofs ask for them, in one query: each is the root of the
 * 2^(L mod H) stored hashes of tree level H·⌊L/H⌋ under it (H = TILE_HEIGHT), read as a slice of one tile. A node the
 * tiles do not reach (past the tree's size) is absent from the answer.
 */
export async function fetchNodes(client: SqlClient, keys: NodeKey[]): Promise<Map<string, Buffer>> {
  if (keys.length === 0) return new Map();
  const slices = keys.map((key) => {
    const level = Math.floor(key.level / TILE_HEIGHT);
    const count = 2 ** (key.level - level * TILE_HEIGHT);
    const first = key.idx * count;
    return { key, level, idx: Math.floor(first / TILE_WIDTH), offset: (first % TILE_WIDTH) * HASH, count };
  });
  const { rows } = await client.query<{ n: number; hashes: string }>(
    `SELECT k.n, encode(substring(t.hashes FROM k.off + 1 FOR k.len), 'hex') AS hashes
       FROM unnest($1::int[], $2::smallint[], $3::bigint[], $4::int[], $5::int[]) AS k(n, level, idx, off, len)
       JOIN es.merkle_tiles t ON t.level = k.level AND t.idx = k.idx`,
    [slices.map((_, n) => n), slices.map((s) => s.level), slices.map((s) => s.idx), slices.map((s) => s.offset), slices.map((s) => s.count * HASH)],
  );
  const found = new Map<string, Buffer>();
  for (const row of rows) {
    const slice = slices[Number(row.n)];
    const bytes = Buffer.from(row.hashes, 'hex');
    if (bytes.length === slice.count * HASH) found.set(nodeId(slice.key), subtreeRoot(bytes, 0, slice.count));
  }
  return found;
}

/** The stored leaf hashes in [from, from + count), by leaf index (none past the tree's end). */
export async function readStoredLeaves(client: SqlClient, from: number, count: number): Promise<Map<number, Buffer>> {
  const leaves = new Map<number, Buffer>();
  if (count <= 0) return leaves;
  const { rows } = await client.query<{ idx: string | number; hashes: string }>(
    `SELECT idx, encode(hashes, 'hex') AS hashes FROM es.merkle_tiles WHERE level = 0 AND idx >= $1 AND idx <= $2`,
    [Math.floor(from / TILE_WIDTH), Math.floor((from + count - 1) / TILE_WIDTH)],
  );
  for (const row of rows) {
    const bytes = Buffer.from(row.hashes, 'hex');
    const base = Number(row.idx) * TILE_WIDTH;
    for (let i = 0; i < bytes.length / HASH; i += 1) {
      if (base + i >= from && base + i < from + count) leaves.set(base + i, bytes.subarray(i * HASH, (i + 1) * HASH));
    }
  }
  return leaves;
}

/**
 * Keeps the first `size` leaves of the stored tree and discards the rest, leaving the valid tree of
 * `size` leaves that catch-up extends again: of stored level t, the first ⌊size / TILE_WIDTH^t⌋ hashes.
 * The one way anything removes part of the tree (issue 28's migration, catch-up's repair of a
 * level longer than its size, tests that cut a log). No-op where the tree's table does not exist.
 */
export async function discardTreeFrom(client: SqlClient, size: number): Promise<void> {
  if (!(Number.isSafeInteger(size) && size >= 0)) throw new RangeError(`cannot keep ${size} leaves`);
  const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('es.merkle_tiles') IS NOT NULL AS present`);
  if (!rows[0]?.present) return;
  await client.query(`DELETE FROM es.merkle_tiles WHERE idx * ${TILE_WIDTH} >= ($1::bigint >> (${TILE_HEIGHT} * level))`, [size]);
  await client.query(
    `UPDATE es.merkle_tiles SET hashes = substring(hashes FROM 1 FOR (32 * (($1::bigint >> (${TILE_HEIGHT} * level)) - ${TILE_WIDTH} * idx))::int)
      WHERE octet_length(hashes) > 32 * (($1::bigint >> (${TILE_HEIGHT} * level)) - ${TILE_WIDTH} * idx)`,
    [size],
  );
}
