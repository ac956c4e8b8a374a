import { randomInt } from 'node:crypto';
import { allProjections, ensureReadModels, replay } from '@punchline/projections';
import { createTestDatabase } from '../test-support/test-database';
import { spawnCli } from './test-support/cli-process';
import { appendEvents, auditPositions, checkpoints, delay, freshStore } from './test-support/read-model.test-kit';

// kill -9 needs the projector in another process and a database that outlives it: PostgreSQL only.
const describeIf = process.env.DATABASE_URL ? describe : describe.skip;
jest.setTimeout(120_000);

const TOTAL = 20_000;
const KILLS = 12;

describeIf('projector crash test (postgres)', () => {
  it('survives repeated kill -9 mid-batch: read models equal a fresh replay, no duplicate, no gap', async () => {
    const database = await createTestDatabase('postgres');
    try {
      const store = await freshStore(database.db);
      await ensureReadModels(database.db, allProjections());
      const env = {
        DATABASE_URL: database.url!,
        LOG_LEVEL: 'debug',
        PROJECTOR_BATCH_SIZE: '500',
        PROJECTOR_POLL_MS: '100',
        PROJECTOR_LEADER_RETRY_MS: '100',
      };

      // The writer keeps appending until the kills are over, so every child finds work mid-stream.
      let killsDone = 0;
      let written = 0;
      const writer = (async () => {
        while (written < TOTAL || killsDone < KILLS) {
          await appendEvents(store, 25, 25, 'CrashTestEventRecorded');
          written += 25;
          if (written % 100 === 0) await delay(10);
        }
      })();

      const batchesPerChild: number[] = [];
      let midBatchKills = 0;
      for (; killsDone < KILLS; killsDone += 1) {
        const child = spawnCli(['projector'], env);
        await child.waitForLine(/"msg":"batch applied"/, 30_000);
        if (killsDone % 2 === 0) {
          // A random moment after its first commit.
          await delay(randomInt(0, 150));
        } else {
          // Right as a batch starts: its transaction is about to open or open.
          await child.waitForLine(/"msg":"applying batch"/, 30_000, child.lines.length);
          await delay(randomInt(0, 4));
        }
        child.child.kill('SIGKILL');
        expect((await child.exited).signal).toBe('SIGKILL');
        const batchLines = child.lines.filter((l) => /"msg":"(applying batch|batch applied)"/.test(l));
        batchesPerChild.push(batchLines.filter((l) => l.includes('batch applied')).length);
        // Killed between reading a batch and logging its commit: inside (or right around) the transaction.
        if (batchLines[batchLines.length - 1]?.includes('applying batch')) midBatchKills += 1;
      }
      await writer;
      const head = await store.headPosition();
      expect(head).toBeGreaterThanOrEqual(TOTAL);

      const last = spawnCli(['projector'], env);
      const deadline = Date.now() + 30_000;
      while (Object.values(await checkpoints(database.db)).some((p) => p < head)) {
        if (Date.now() > deadline) throw new Error(`Projector did not catch up with ${head}: ${JSON.stringify(await checkpoints(database.db))}`);
        await delay(100);
      }
      last.child.kill('SIGTERM');
      expect(await last.exited).toEqual({ code: 0, signal: null });

      expect(batchesPerChild).toHaveLength(KILLS);
      expect(midBatchKills).toBeGreaterThanOrEqual(KILLS / 4);
      expect(Object.values(await checkpoints(database.db)).every((p) => p === head)).toBe(true);
      expect(await auditPositions(database.db)).toEqual({ rows: head, distinct: head, min: 1, max: head });
      const rebuilt = await replay({ db: database.db, store, projections: allProjections() });
      expect(rebuilt.events).toBe(head);
      expect(rebuilt.tables.filter((t) => !t.equal)).toEqual([]);
      expect(rebuilt.equal).toBe(true);
    } finally {
      await database.drop();
    }
  });
});
