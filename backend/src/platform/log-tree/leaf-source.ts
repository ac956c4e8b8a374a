import type { SqlClient } from '@punchline/projections';

/* Where the log tree's leaves are read, on each store (its own module so the tree and the checkpoint check both use it without importing each other). */

/** Consecutive leaves' chain hashes, read in one row: their raw bytes (32 each) and the last one's position. */
export interface LeafChunk {
  count: number;
  /** Store position of the last leaf read (`after` when none). */
  last: number;
  /** count × 32 bytes: the chain hashes, hex-decoded, in log order. */
  hashes: Buffer;
}

/**
 * Where the leaves come from: an event's chain hash, in log order. Postgres: es.events, positions
 * 1, 2, 3… (leaf i is position i+1). EventStoreDB: the log digest's rows in position order (commit
 * positions only increase; leaf i is the (i+1)-th row).
 */
export interface LeafSource {
  readonly gapless: boolean;
  /**
   * Like readAfter, as one aggregated row (what building the tree reads: no per-row parsing); a
   * gapless source stops before a missing position (a missing event is the chain's to name, and no
   * leaf may be skipped).
   */
  readChunk(client: SqlClient, after: number, upTo: number, limit: number): Promise<LeafChunk>;
  /** Chain hashes after store position `after`, up to `upTo`, at most `limit`, in log order. */
  readAfter(client: SqlClient, after: number, upTo: number, limit: number): Promise<{ position: number; hash: string }[]>;
  /** The store position of leaf `index` (0-based), or null past the end. */
  positionOfLeaf(client: SqlClient, index: number): Promise<number | null>;
  /** The leaf index of the event at store position `position`, or null when no event is there. */
  leafOfPosition(client: SqlClient, position: number): Promise<number | null>;
  /** When the event at store position `position` happened (for 'the checkpoint of {date}'). */
  occurredAt(client: SqlClient, position: number): Promise<string | null>;
}

/** Chain hashes as stored (hex, concatenated) to their bytes; anything but 64 lowercase hex digits each is refused. */
function chunkOf(count: number, last: number, hex: string | null): LeafChunk {
  const text = hex ?? '';
  if (text.length !== count * 64 || !/^[0-9a-f]*$/.test(text)) throw new Error(`not ${count} chain hashes up to position ${last}: the log holds a hash that is not 64 hex digits`);
  return { count, last, hashes: Buffer.from(text, 'hex') };
}

export const postgresLeafSource: LeafSource = {
  gapless: true,
  async readChunk(client, after, upTo, limit) {
    const { rows } = await client.query<{ n: string | number; last: string | number | null; hashes: string | null }>(
      `SELECT count(*) AS n, max(global_position) AS last, string_agg(hash, '' ORDER BY global_position) AS hashes
         FROM es.events WHERE global_position > $1 AND global_position <= $2`,
      [after, Math.min(upTo, after + limit)],
    );
    const count = Number(rows[0]?.n ?? 0);
    if (count === 0) return { count: 0, last: after, hashes: Buffer.alloc(0) };
    if (Number(rows[0].last) - after === count) return chunkOf(count, Number(rows[0].last), rows[0].hashes);
    // A gap: only the leaves before it (rare; read row by row to find it).
    const found = await this.readAfter(client, after, upTo, limit);
    let contiguous = 0;
    while (contiguous < found.length && found[contiguous].position === after + contiguous + 1) contiguous += 1;
    return chunkOf(contiguous, after + contiguous, found.slice(0, contiguous).map((r) => r.hash).join(''));
  },
  async readAfter(client, after, upTo, limit) {
    const { rows } = await client.query<{ position: string | number; hash: string }>(
      'SELECT global_position AS position, hash FROM es.events WHERE global_position > $1 AND global_position <= $2 ORDER BY global_position',
      [after, Math.min(upTo, after + limit)],
    );
    return rows.map((r) => ({ position: Number(r.position), hash: r.hash }));
  },
  async positionOfLeaf(client, index) {
    const { rows } = await client.query('SELECT 1 FROM es.events WHERE global_position = $1', [index + 1]);
    return rows.length > 0 ? index + 1 : null;
  },
  async leafOfPosition(client, position) {
    const { rows } = await client.query('SELECT 1 FROM es.events WHERE global_position = $1', [position]);
    return rows.length > 0 ? position - 1 : null;
  },
  async occurredAt(client, position) {
    const { rows } = await client.query<{ at: string | null }>(`SELECT metadata->>'occurredAt' AS at FROM es.events WHERE global_position = $1`, [position]);
    return rows[0]?.at ?? null;
  },
};

export const eventStoreDbLeafSource: LeafSource = {
  gapless: false,
  async readChunk(client, after, upTo, limit) {
    const { rows } = await client.query<{ n: string | number; last: string | number | null; hashes: string | null }>(
      `SELECT count(*) AS n, max(position) AS last, string_agg(hash, '' ORDER BY position) AS hashes
         FROM (SELECT position, hash FROM es.esdb_log_digest WHERE position > $1 AND position <= $2 ORDER BY position LIMIT $3) AS d`,
      [after, upTo, limit],
    );
    const count = Number(rows[0]?.n ?? 0);
    return count === 0 ? { count: 0, last: after, hashes: Buffer.alloc(0) } : chunkOf(count, Number(rows[0].last), rows[0].hashes);
  },
  async readAfter(client, after, upTo, limit) {
    const { rows } = await client.query<{ position: string | number; hash: string }>(
      'SELECT position, hash FROM es.esdb_log_digest WHERE position > $1 AND position <= $2 ORDER BY position LIMIT $3',
      [after, upTo, limit],
    );
    return rows.map((r) => ({ position: Number(r.position), hash: r.hash }));
  },
  async positionOfLeaf(client, index) {
    const { rows } = await client.query<{ position: string | number }>('SELECT position FROM es.esdb_log_digest ORDER BY position OFFSET $1 LIMIT 1', [index]);
    return rows.length > 0 ? Number(rows[0].position) : null;
  },
  async leafOfPosition(client, position) {
    const { rows } = await client.query<{ before: string | number; here: boolean }>(
      'SELECT (SELECT count(*) FROM es.esdb_log_digest WHERE position < $1) AS before, EXISTS (SELECT 1 FROM es.esdb_log_digest WHERE position = $1) AS here',
      [position],
    );
    return rows[0]?.here ? Number(rows[0].before) : null;
  },
  // The digest keeps no times; the checkpoint's date is then unknown (the screen says so).
  async occurredAt() {
    return null;
  },
};
