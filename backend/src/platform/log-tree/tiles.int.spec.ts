import type { RecordedEvent } from '@punchline/domain';
import { LIVE_SCHEMA, type Database } from '@punchline/projections';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test-support/test-database';
import { verifyConsistency, verifyInclusion } from '../../test-support/rfc9162-verifier';
import { migrate } from '../database/migrations';
import { eventStoreMigrations } from '../event-store/create-event-store';
import { LOG_TREE_LOCK_KEY, LOG_TREE_NAME, LOG_TREE_VERSION, LogTree, logTreeMigration, logTreeProjection } from './log-tree';
import { postgresLeafSource } from './leaf-source';
import { MerkleFrontier, consistencyProof, inclusionProof, leafHashOfChainHash, nodeId, treeHash, type NodeReader } from './merkle';
import { discardTreeFrom, logTreeTilesMigration, treeSize } from './tiles';

/**
 * The tiled store (tiles.ts) answers exactly what the pure in-memory tree answers: same roots,
 * same proofs, byte for byte, whatever batches built it; and a store built by the first layout
 * (es.merkle_nodes) is converted with its stored leaves kept as they were.
 */

/** The chain hash of position p in these logs: SHA-256 of the position (as the bench seeds them). */
const CHAIN_HASH_SQL = `encode(sha256(int8send(g)), 'hex')`;

async function addEvents(db: Database, from: number, to: number): Promise<void> {
  await db.query(
    `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash)
     SELECT g, 'tiles', g - 1, gen_random_uuid(), 'T', 1, '{}', '{}', '', ${CHAIN_HASH_SQL} FROM generate_series($1::bigint, $2::bigint) AS g`,
    [from, to],
  );
}

async function chainHashes(db: Database, to: number): Promise<string[]> {
  const { rows } = await db.query<{ hash: string }>('SELECT hash FROM es.events WHERE global_position <= $1 ORDER BY global_position', [to]);
  return rows.map((r) => r.hash);
}

/** The pure in-memory tree over the same leaves: every complete subtree, as merkle.unit.spec builds it. */
function reference(hashes: string[]): { read: NodeReader; nodes: Map<string, Buffer>; leaves: Buffer[] } {
  const nodes = new Map<string, Buffer>();
  const frontier = new MerkleFrontier();
  const leaves = hashes.map(leafHashOfChainHash);
  for (const leaf of leaves) frontier.append(leaf, (node) => nodes.set(nodeId(node), node.hash));
  return {
    nodes,
    leaves,
    read: (key) => {
      const hash = nodes.get(nodeId(key));
      if (!hash) throw new Error(`no node ${nodeId(key)}`);
      return hash;
    },
  };
}

/** A projector batch's events as the tree projection sees them (it reads only their positions). */
function batch(from: number, to: number): RecordedEvent[] {
  return Array.from({ length: to - from + 1 }, (_, i) => ({
    eventId: `e${from + i}`,
    type: 'T',
    data: {},
    metadata: { actorEmail: null, correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' },
    streamId: 'tiles',
    streamRevision: from + i - 1,
    globalPosition: from + i,
    schemaVersion: 1,
    recordedAt: '2026-01-01T00:00:00.000Z',
  }));
}

/** A deterministic pseudo-random sequence (the sizes a failure names can be replayed). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function freshLog(kind: Parameters<typeof createTestDatabase>[0]): Promise<TestDatabase> {
  const database = await createTestDatabase(kind);
  await migrate(database.db, eventStoreMigrations);
  await database.db.query(
    `CREATE SCHEMA IF NOT EXISTS rm; CREATE TABLE IF NOT EXISTS rm.projection_checkpoints (name text PRIMARY KEY, version int NOT NULL, position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())`,
  );
  return database;
}

describe.each(databaseKinds())('the tiled log tree (%s)', (kind) => {
  it('grown by the projector in batches of any size: every tree size from 1 to 600 has the in-memory tree’s root and proofs', async () => {
    const { db, drop } = await freshLog(kind);
    try {
      const size = 600;
      await addEvents(db, 1, size);
      const tree = await LogTree.open(db, postgresLeafSource, { keyName: 'tiles.example/punchline-log' });
      const projection = logTreeProjection(postgresLeafSource);
      const next = random(27);
      const ref = reference(await chainHashes(db, size));
      // Batches of 1 to 40 events, then a few crossing tile edges in one go.
      for (let done = 0; done < size; ) {
        const upTo = Math.min(size, done + 1 + Math.floor(next() * (done > 400 ? 300 : 40)));
        await db.transaction((tx) => projection.apply(tx, LIVE_SCHEMA, batch(done + 1, upTo)));
        done = upTo;
        expect(await tree.size()).toBe(done);
        expect((await tree.rootAt(done)).equals(treeHash(done, ref.read))).toBe(true);
      }
      for (let n = 1; n <= size; n += 1) {
        const root = await tree.rootAt(n);
        expect(root.toString('hex')).toBe(treeHash(n, ref.read).toString('hex'));
        const m = Math.floor(next() * n);
        const path = await tree.inclusionProof(m, n);
        expect(path).toEqual(inclusionProof(m, n, ref.read));
        expect(verifyInclusion(m, n, ref.leaves[m], path, root)).toBe(true);
        const from = 1 + Math.floor(next() * n);
        const proof = await tree.consistencyProof(from, n);
        expect(proof).toEqual(consistencyProof(from, n, ref.read));
        expect(verifyConsistency(from, n, treeHash(from, ref.read), root, proof)).toBe(true);
      }
      expect(await tree.leafHash(599)).toEqual(ref.leaves[599]);
      expect(await tree.leafHash(600)).toBeNull();
    } finally {
      await drop();
    }
  });

  it('built for an existing log past two stored levels (70,000 leaves): random sizes answer as the in-memory tree; discarded from any leaf, it is built back the same', async () => {
    const { db, drop } = await freshLog(kind);
    try {
      const size = 70_000;
      await addEvents(db, 1, size);
      const tree = await LogTree.open(db, postgresLeafSource, { keyName: 'tiles.example/punchline-log' });
      await expect(tree.catchUp()).resolves.toMatchObject({ from: 0, size, done: true });
      const ref = reference(await chainHashes(db, size));
      const next = random(70);
      for (const n of [size, 65_536, 65_535, 65_537, 256, 257, ...Array.from({ length: 12 }, () => 1 + Math.floor(next() * size))]) {
        const root = await tree.rootAt(n);
        expect(root.equals(treeHash(n, ref.read))).toBe(true);
        const m = Math.floor(next() * n);
        expect(await tree.inclusionProof(m, n)).toEqual(inclusionProof(m, n, ref.read));
        const from = 1 + Math.floor(next() * n);
        const proof = await tree.consistencyProof(from, n);
        expect(proof).toEqual(consistencyProof(from, n, ref.read));
        expect(verifyConsistency(from, n, treeHash(from, ref.read), root, proof)).toBe(true);
      }
      const whole = (await tree.checkpoint()).note;
      for (const keep of [65_537, 1_000, 0]) {
        await discardTreeFrom(db, keep);
        expect(await tree.size()).toBe(keep);
        if (keep > 0) expect((await tree.rootAt(keep)).equals(treeHash(keep, ref.read))).toBe(true);
        await expect(tree.catchUp()).resolves.toMatchObject({ from: keep, size, done: true });
        expect((await tree.checkpoint()).note).toBe(whole);
      }
    } finally {
      await drop();
    }
  });

  it('converts a tree stored by the first layout (one row per complete subtree), keeping its leaves as stored', async () => {
    const database = await createTestDatabase(kind);
    const { db } = database;
    try {
      const base = eventStoreMigrations.filter((m) => m.id !== logTreeTilesMigration.id);
      await migrate(db, base);
      expect(base).toContain(logTreeMigration);
      await db.query(
        `CREATE SCHEMA IF NOT EXISTS rm; CREATE TABLE IF NOT EXISTS rm.projection_checkpoints (name text PRIMARY KEY, version int NOT NULL, position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())`,
      );
      const size = 66_000;
      await addEvents(db, 1, size);
      const ref = reference(await chainHashes(db, size));
      // What the first layout's writer stored: every node its frontier reported (MerkleFrontier's
      // onNode, inserted as is), for a tree of 65,900 leaves of which leaf 70 was written from an
      // event since rehashed behind the tree's back (the stored leaf is the evidence).
      const stored = 65_900;
      const forged = reference((await chainHashes(db, stored)).map((h, i) => (i === 70 ? 'f'.repeat(64) : h)));
      const rows = [...forged.nodes.entries()].map(([id, hash]) => [...id.split(':').map(Number), hash.toString('hex')] as const);
      for (let i = 0; i < rows.length; i += 20_000) {
        const part = rows.slice(i, i + 20_000);
        await db.query(`INSERT INTO es.merkle_nodes (level, idx, hash) SELECT l, i, decode(h, 'hex') FROM unnest($1::smallint[], $2::bigint[], $3::text[]) AS n(l, i, h)`, [
          part.map((r) => r[0]),
          part.map((r) => r[1]),
          part.map((r) => r[2]),
        ]);
      }

      await migrate(db, [logTreeTilesMigration]);
      const { rows: left } = await db.query<{ present: boolean }>(`SELECT to_regclass('es.merkle_nodes') IS NOT NULL AS present`);
      expect(left[0].present).toBe(false);
      expect(await treeSize(db)).toBe(stored);
      const tree = await LogTree.open(db, postgresLeafSource, { keyName: 'tiles.example/punchline-log' });
      for (const n of [stored, 65_536, 300, 71, 70]) {
        expect((await tree.rootAt(n)).equals(treeHash(n, forged.read))).toBe(true);
        expect(await tree.inclusionProof(n - 1, n)).toEqual(inclusionProof(n - 1, n, forged.read));
        expect(await tree.consistencyProof(Math.ceil(n / 3), n)).toEqual(consistencyProof(Math.ceil(n / 3), n, forged.read));
      }
      expect(await tree.leafHash(70)).toEqual(forged.leaves[70]);
      expect((await tree.rootAt(70)).equals(treeHash(70, ref.read))).toBe(true);
      // The kept leaves locate the rewrite against a checkpoint the converted tree signed.
      const earlier = tree.sign(stored, await tree.rootAt(stored));
      await expect(tree.check(earlier)).resolves.toMatchObject({ verdict: 'rewritten', first_difference: 71 });
      // And the converted tree grows on: the conversion's edge is what appenders expect.
      await expect(tree.catchUp()).resolves.toMatchObject({ from: stored, size, done: true });
      expect((await tree.rootAt(stored)).equals(treeHash(stored, forged.read))).toBe(true);
    } finally {
      await database.drop();
    }
  });

  it('catches up beside a projector batch of another instance without a deadlock: checkpoint row first, then the tree, as the batch locks them', async () => {
    if (kind !== 'postgres') return; // PGlite is one connection in one process: nothing runs beside it.
    const { db, drop } = await freshLog(kind);
    const batch = await db.dedicatedSession();
    try {
      await addEvents(db, 1, 300);
      await db.query(`INSERT INTO rm.projection_checkpoints (name, version, position) VALUES ($1, $2, 0)`, [LOG_TREE_NAME, LOG_TREE_VERSION]);
      const tree = await LogTree.open(db, postgresLeafSource, { keyName: 'tiles.example/punchline-log' });
      // The other instance's leader: its batch holds the checkpoint row (the guard) and will take the tree lock next.
      await batch.query('BEGIN');
      await batch.query(`UPDATE rm.projection_checkpoints SET updated_at = now() WHERE name = $1`, [LOG_TREE_NAME]);
      const caughtUp = tree.catchUp();
      caughtUp.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Had the catch-up taken the tree lock first, this would wait for it and PostgreSQL would end one of the two.
      await batch.query('SELECT pg_advisory_xact_lock($1)', [LOG_TREE_LOCK_KEY]);
      await batch.query('COMMIT');
      await expect(caughtUp).resolves.toMatchObject({ from: 0, size: 300, done: true });
      expect((await db.query<{ position: number }>('SELECT position FROM rm.projection_checkpoints WHERE name = $1', [LOG_TREE_NAME])).rows).toEqual([{ position: 300 }]);
    } finally {
      await batch.query('ROLLBACK').catch(() => undefined);
      await batch.release();
      await drop();
    }
  });
});
