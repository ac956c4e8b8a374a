import { MessageChannel } from 'node:worker_threads';
import { canonicalJson } from '@punchline/domain';
import { eventHash } from '@punchline/projections';
import { BackupInvalidError, checkEventLines } from './backup-reader';
import { lineCheckers, serveLineChecks, type LineCheckWorker } from './event-lines-check';

/**
 * Restore's first pass checks events/ entries' lines half in a worker thread (issue 29). The worker's
 * side (serveLineChecks) runs here behind a MessageChannel, so what crosses the thread boundary is
 * structured-cloned as it is between threads: the results, the cuts, and a refusal in words.
 */
function entry(count: number, breakAt?: number): Buffer {
  const header = JSON.stringify({ format: 'punchline-event-log', version: 1, gapless: true });
  let prevHash = '';
  const lines = [header];
  for (let i = 1; i <= count; i += 1) {
    const event = { globalPosition: i, eventId: `0b6f1d2e-3c4a-4b5c-8d6e-${String(i).padStart(12, '0')}`, streamId: 'site', streamRevision: i - 1, type: 'DraftSaved', schemaVersion: 1, data: { changes: { hero_title: `é ${i}` } }, metadata: { actorEmail: 'a@example.com' } };
    const hash = eventHash(prevHash, event);
    const data = i === breakAt ? canonicalJson({ changes: { hero_title: 'edited' } }) : canonicalJson(event.data);
    lines.push(
      `{"position":${i},"event_id":"${event.eventId}","stream":"site","revision":${i - 1},"type":"DraftSaved","schema_version":1,"data":${data},"metadata":${canonicalJson(event.metadata)},` +
        `"recorded_at":"2026-11-27T03:00:00.123456Z","prev_hash":"${prevHash}","hash":"${hash}"}`,
    );
    prevHash = hash;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function channelWorker(): LineCheckWorker & { served: number } {
  const { port1, port2 } = new MessageChannel();
  const seen = { served: 0 };
  serveLineChecks({ on: (event, listener) => port1.on(event, (job) => (seen.served++, listener(job))), postMessage: (answer) => port1.postMessage(answer) });
  return Object.assign(seen, {
    on: (event: 'message' | 'error' | 'exit', listener: (value: never) => void) => (event === 'message' ? port2.on('message', listener) : undefined),
    postMessage: (job: unknown) => port2.postMessage(job),
    terminate: async () => (port1.close(), port2.close()),
  });
}

describe('checking events/ entries in a worker thread', () => {
  it('answers what checking in this thread answers, for every other entry, with the cuts', async () => {
    const worker = channelWorker();
    const checkers = lineCheckers(() => worker);
    try {
      const bytes = entry(40);
      const [a, b, c] = await Promise.all([checkers.check(bytes, 'events/000001.ndjson', true), checkers.check(bytes, 'events/000001.ndjson', true), checkers.check(bytes, 'events/000001.ndjson', true)]);
      const here = checkEventLines(bytes, 'events/000001.ndjson', true);
      for (const answer of [a, b, c]) {
        expect(answer.records).toEqual(here.records);
        expect(answer.hashHolds).toEqual(new Array(40).fill(true));
        // A typed array still (jest's realm has its own Uint32Array: compared by what it holds).
        expect(Object.prototype.toString.call(answer.cuts)).toBe('[object Uint32Array]');
        expect([...answer.cuts!]).toEqual([...here.cuts!]);
      }
      // Entries 1 and 3 went to the worker, entry 2 was checked here.
      expect(worker.served).toBe(2);
    } finally {
      await checkers.close();
    }
  });

  it('keeps the payloads of a line whose own hash does not hold, so the walk can name it', async () => {
    const checkers = lineCheckers(channelWorker);
    try {
      const answer = await checkers.check(entry(5, 3), 'events/000001.ndjson', true);
      expect(answer.hashHolds).toEqual([true, true, false, true, true]);
      expect(answer.records[2]).toMatchObject({ globalPosition: 3, data: { changes: { hero_title: 'edited' } } });
      expect(answer.records[1]).not.toHaveProperty('data');
    } finally {
      await checkers.close();
    }
  });

  it('checks here what a worker that died was sent, and everything after', async () => {
    let exit: () => void = () => undefined;
    const posted: unknown[] = [];
    const dying: LineCheckWorker = {
      on: (event: 'message' | 'error' | 'exit', listener: () => void) => (event === 'exit' ? (exit = listener) : undefined),
      postMessage: (job) => void posted.push(job),
      terminate: async () => undefined,
    };
    const checkers = lineCheckers(() => dying);
    const bytes = entry(4);
    const sent = checkers.check(bytes, 'events/000001.ndjson', true);
    expect(posted).toHaveLength(1);
    exit();
    const here = checkEventLines(bytes, 'events/000001.ndjson', true);
    expect((await sent).records).toEqual(here.records);
    expect((await checkers.check(bytes, 'events/000001.ndjson', true)).records).toEqual(here.records);
    expect((await checkers.check(bytes, 'events/000001.ndjson', true)).records).toEqual(here.records);
    expect(posted).toHaveLength(1);
    await checkers.close();
  });

  it('refuses a broken entry from the worker in words, as a BackupInvalidError', async () => {
    const checkers = lineCheckers(channelWorker);
    try {
      const broken = Buffer.concat([entry(3), Buffer.from('{"position":4, not json\n')]);
      const refusal = await checkers.check(broken, 'events/000001.ndjson', true).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(BackupInvalidError);
      expect((refusal as Error).message).toBe('events/000001.ndjson line 5 is not JSON');
    } finally {
      await checkers.close();
    }
  });
});
