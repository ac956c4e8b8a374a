import { http, signIn } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';
import { LOCK_STREAMS_PER_SESSION, STREAM_TEXTS } from './stream-slots';
import { ADMIN_A, ADMIN_B, lockAndSave, saveDraft, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

interface LockEvent {
  /** Which event it was: `lock`, `draft` (issue 25) or `live`. */
  event: string;
  lock?: { holder_email: string; holder_name?: string | null; acquired_at: string; expires_at: string } | null;
  /** `event: draft` and `event: live`. */
  version?: number;
  /** `event: snapshots`. */
  count?: number;
  newest?: number;
  published?: number;
}

/** An EventSource-like reader over fetch: collects `lock` events as they arrive. */
async function openLockEvents(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/settings/lock/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: LockEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        const event = /^event: (lock|draft|live|snapshots)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, ...(JSON.parse(data.slice(6)) as Omit<LockEvent, 'event'>) });
      }
    }
  })();
  const next = async (predicate: (e: LockEvent) => boolean, ms = 3_000): Promise<{ event: LockEvent; afterMs: number }> => {
    const start = Date.now();
    for (;;) {
      const found = events.find(predicate);
      if (found) {
        events.splice(0, events.indexOf(found) + 1);
        return { event: found, afterMs: Date.now() - start };
      }
      if (Date.now() - start > ms) throw new Error(`no matching lock event within ${ms} ms; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    next,
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe.each(databaseKinds())('GET /api/settings/lock/events on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('tells a watching editor the lock now, when another admin takes it, and when it is released (well within 2 s)', async () => {
    const watcher = await openLockEvents(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_A));
    try {
      expect((await watcher.next((e) => 'lock' in e)).event).toEqual({ event: 'lock', lock: null });
      expect((await s.b.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
      const taken = await watcher.next((e) => e.lock?.holder_email === ADMIN_B);
      expect(taken.event.lock).toMatchObject({ holder_email: ADMIN_B, acquired_at: expect.any(String), expires_at: expect.any(String) });
      expect(taken.afterMs).toBeLessThan(2_000);
      expect((await s.b.post('/api/settings/lock/release', {})).status).toBe(200);
      const freed = await watcher.next((e) => e.lock === null);
      expect(freed.afterMs).toBeLessThan(2_000);
    } finally {
      await watcher.close();
    }
  });

  it('an open stream does not hold the app open: shutting down ends it (afterAll closes the app with this one still open)', async () => {
    const watcher = await openLockEvents(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_A));
    expect((await watcher.next((e) => 'lock' in e)).event).toHaveProperty('lock');
  });

  it('tells a watching editor when the draft changes elsewhere (issue 25), and names the holder', async () => {
    const named = http(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_B, 'Bea Booker'));
    const watcher = await openLockEvents(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_A));
    try {
      const first = (await watcher.next((e) => e.event === 'draft')).event.version!;
      const taken = await named.post('/api/settings/lock/acquire', { ttlSeconds: 300 });
      expect(taken.body.lock).toMatchObject({ holder_email: ADMIN_B, holder_name: 'Bea Booker' });
      expect((await watcher.next((e) => e.lock?.holder_email === ADMIN_B)).event.lock).toMatchObject({ holder_name: 'Bea Booker' });
      expect((await saveDraft(named, { hero_title: `Changed elsewhere ${Date.now()}` })).status).toBe(200);
      const moved = await watcher.next((e) => e.event === 'draft' && e.version! > first);
      expect(moved.afterMs).toBeLessThan(2_000);
      expect((await s.a.get('/api/settings/lock')).body.lock).toMatchObject({ holder_email: ADMIN_B, holder_name: 'Bea Booker' });
    } finally {
      await watcher.close();
    }
  });

  it('tells every watching admin when live changes, a publish made by another admin included', async () => {
    const watcher = await openLockEvents(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_A));
    try {
      const first = (await watcher.next((e) => e.event === 'live')).event.version!;
      await lockAndSave(s.b, { site_title: `Live elsewhere ${Date.now()}` });
      expect((await s.b.post('/api/settings/publish', {})).status).toBe(200);
      const moved = await watcher.next((e) => e.event === 'live');
      expect(moved.event.version).toBeGreaterThan(first);
      expect(moved.afterMs).toBeLessThan(2_000);
    } finally {
      await watcher.close();
    }
  });

  it('tells a watching editor when another admin saves, publishes or deletes a snapshot, and nothing for a save of the draft', async () => {
    const watcher = await openLockEvents(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_A));
    try {
      const first = (await watcher.next((e) => e.event === 'snapshots')).event;
      expect(first).toEqual({ event: 'snapshots', count: expect.any(Number), newest: expect.any(Number), published: expect.any(Number) });
      const saved = await s.b.post('/api/settings/versions', { label: `Pushed ${Date.now()}`, stage: 'draft' });
      expect(saved.status).toBe(201);
      const id = (saved.body.version as { id: string }).id;
      const added = await watcher.next((e) => e.event === 'snapshots');
      expect(added.event).toMatchObject({ count: first.count! + 1, published: first.published });
      expect(added.event.newest).toBeGreaterThan(first.newest!);
      expect(added.afterMs).toBeLessThan(2_000);
      // A draft save moves the draft, not the snapshot lists.
      await lockAndSave(s.b, { hero_title: `Not a snapshot ${Date.now()}` });
      await watcher.next((e) => e.event === 'draft');
      expect((await s.b.post('/api/settings/publish', { snapshotId: id })).status).toBe(200);
      const published = await watcher.next((e) => e.event === 'snapshots');
      expect(published.event).toMatchObject({ count: first.count! + 1, newest: added.event.newest });
      expect(published.event.published).toBeGreaterThan(first.published!);
      expect((await s.b.delete(`/api/settings/versions/${id}`)).status).toBe(200);
      const deleted = await watcher.next((e) => e.event === 'snapshots');
      expect(deleted.event.count).toBe(first.count);
      expect(deleted.afterMs).toBeLessThan(2_000);
    } finally {
      await watcher.close();
    }
  });

  it('lets one session hold 5 streams and refuses the 6th with 429 and a message; a closed one frees its slot (issue 24 point 4)', async () => {
    const cookie = await signIn(s.app.baseUrl, ADMIN_A);
    const open = [];
    try {
      for (let i = 0; i < LOCK_STREAMS_PER_SESSION; i++) open.push(await openLockEvents(s.app.baseUrl, cookie));
      const refused = await s.a.get('/api/settings/lock/events', { cookie, accept: 'text/event-stream' });
      expect([refused.status, refused.body.error]).toEqual([429, STREAM_TEXTS.perSession]);
      // Another session is not held back by this one.
      const other = await openLockEvents(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_B));
      await other.close();
      await open.pop()!.close();
      // The server hears of the close a moment later.
      let again = null;
      for (let i = 0; i < 50 && again === null; i++) {
        await new Promise((r) => setTimeout(r, 20));
        const res = await fetch(`${s.app.baseUrl}/api/settings/lock/events`, { headers: { cookie, accept: 'text/event-stream' } });
        if (res.status === 200) again = res;
        else await res.text();
      }
      expect(again?.status).toBe(200);
      await again?.body?.cancel();
    } finally {
      for (const stream of open) await stream.close();
    }
  });

  it('answers 406 with a message to a client that does not ask for an event stream; admins only', async () => {
    const res = await s.a.get('/api/settings/lock/events');
    expect(res.status).toBe(406);
    expect(res.body.error).toMatch(/text\/event-stream/);
    expect((await s.visitor.get('/api/settings/lock/events', { accept: 'text/event-stream' })).status).toBe(401);
    const removed = await s.removed.get('/api/settings/lock/events', { accept: 'text/event-stream' });
    expect([removed.status, removed.body.error]).toEqual([403, 'Admin access required to edit draft.']);
  });
});
