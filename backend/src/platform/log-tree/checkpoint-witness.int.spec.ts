import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { migrate } from '../database/migrations';
import { eventStoreMigrations } from '../event-store/create-event-store';
import { CheckpointWitness } from './checkpoint-witness';
import { LogTree } from './log-tree';
import { postgresLeafSource } from './leaf-source';

/** CHECKPOINT_WITNESS_URL: a loopback witness receives each new checkpoint once, as text/plain. */
describe('the checkpoint witness', () => {
  let database: TestDatabase;
  let server: Server;
  const received: { type: string | undefined; body: string }[] = [];
  let status = 200;

  const addEvents = async (from: number, to: number) => {
    await database.db.query(
      `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, prev_hash, hash)
       SELECT g, 'w', g - 1, gen_random_uuid(), 'T', 1, '{}', '{}', '', encode(sha256(int8send(g)), 'hex') FROM generate_series($1::bigint, $2::bigint) AS g`,
      [from, to],
    );
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await migrate(database.db, eventStoreMigrations);
    await database.db.query('CREATE SCHEMA IF NOT EXISTS rm; CREATE TABLE IF NOT EXISTS rm.projection_checkpoints (name text PRIMARY KEY, version int NOT NULL, position bigint NOT NULL DEFAULT 0, updated_at timestamptz NOT NULL DEFAULT now())');
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ type: req.headers['content-type'], body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.drop();
  });

  it('posts a grown tree once, retries after a refusal, and stays quiet while nothing changes', async () => {
    const tree = await LogTree.open(database.db, postgresLeafSource, { keyName: 'witness.example/punchline-log' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/checkpoints`;
    const logger = { info: () => undefined, warn: () => undefined };
    const witness = new CheckpointWitness(url, tree, logger, 60_000);
    await witness.tick();
    expect(received).toEqual([]);

    await addEvents(1, 5);
    await tree.catchUp();
    await witness.tick();
    await witness.tick();
    expect(received).toEqual([{ type: 'text/plain; charset=utf-8', body: (await tree.checkpoint()).note }]);

    await addEvents(6, 7);
    await tree.catchUp();
    status = 503;
    await witness.tick();
    status = 200;
    await witness.tick();
    expect(received.map((r) => r.body.split('\n')[1])).toEqual(['5', '7', '7']);
  });
});
