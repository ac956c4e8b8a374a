import type { AuditAnswer, AuditItem } from '@punchline/domain';
import { ADMIN_A, ADMIN_B, type Client, type SettingsApp, saveDraft, startSettingsApp } from '../../settings/test-support/settings-app.test-kit';
import { http, signIn } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';

/**
 * Issue 25 acceptance: 'Audit Log after 25 minutes of two admins editing: the default view fits the
 * session in one page.' The session is driven through the API as the editor drives it, with the
 * clock moved instead of waited for: each open editor tab renews the lock every 60 s (the admin has
 * General Settings and Page Configurations open, so two renewals a minute), moving between editor
 * screens gives the lock back ('page-closed') and takes it again, and the work in between is saves,
 * snapshots and publishes. A first admin signs in and edits for 12 minutes, publishes a snapshot and
 * signs out; the second, signed in meanwhile, takes over, publishes and rolls live back to the first one's publish.
 */
describe.each(databaseKinds())('Audit Log after a 25-minute session of two admins on %s', (kind) => {
  let s: SettingsApp;
  let sessionStart: number;
  let sessionEnd: number;

  const acquire = async (client: Client) => expect((await client.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
  const release = async (client: Client, reason: 'page-closed' | 'signed-out' | 'released') => expect((await client.post('/api/settings/lock/release', { reason })).status).toBe(200);

  /** One admin's stretch at the editor: `minutes` of renewals and saves, a screen change every 4 minutes, snapshots, a publish. */
  async function stretch(client: Client, who: string, minutes: number, end: 'signed-out' | 'released'): Promise<number> {
    await acquire(client);
    for (let minute = 1; minute <= minutes; minute += 1) {
      s.advanceClock(30);
      await acquire(client); // the second tab's renewal
      s.advanceClock(30);
      await acquire(client); // the first tab's renewal
      expect((await saveDraft(client, { hero_title: `${who}, minute ${minute}` })).status).toBe(200);
      if (minute % 4 === 0) {
        await release(client, 'page-closed');
        s.advanceClock(2);
        await acquire(client);
      }
      if (minute === Math.floor(minutes / 2)) expect((await client.post('/api/settings/versions', { label: `${who} halfway` })).status).toBe(201);
    }
    const snapshot = await client.post('/api/settings/versions', { label: `${who} to publish` });
    expect(snapshot.status).toBe(201);
    expect((await client.post('/api/settings/publish', { snapshotId: snapshot.body.version.id })).status).toBe(200);
    const published = await s.app.runtime.store.headPosition();
    if (end === 'released') return published;
    await release(client, 'signed-out');
    expect((await client.post('/api/auth/logout', {})).status).toBeLessThan(400);
    return published;
  }

  beforeAll(async () => {
    s = await startSettingsApp(kind);
    sessionStart = (await s.app.runtime.store.headPosition()) + 1;
    const a = http(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_A));
    const b = http(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_B));
    const firstPublish = await stretch(a, 'A', 12, 'signed-out');
    s.advanceClock(5);
    await stretch(b, 'B', 13, 'released');
    expect((await b.post('/api/settings/rollback', { position: firstPublish })).status).toBe(200);
    await release(b, 'released');
    sessionEnd = await s.app.runtime.store.headPosition();
    await s.app.runtime.projector.waitFor(sessionEnd, 5_000);
  }, 120_000);
  afterAll(() => s?.close());

  const audit = async (query = '') => {
    const res = await s.a.get<AuditAnswer>(`/api/admin/audit${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const inSession = (items: AuditItem[]) => items.filter((i) => i.position >= sessionStart && i.position <= sessionEnd);

  it('lists every event of the session with ?locks=each, more than one page of 100 holds', async () => {
    const each = inSession((await audit('?locks=each&limit=500')).items);
    const lockTraffic = each.filter((i) => i.action.startsWith('Lock'));
    // The count: 73 of 110 entries were lock traffic after 25 minutes.
    expect(each.length).toBeGreaterThan(100);
    expect(lockTraffic.length).toBeGreaterThan(each.length / 2);
    // The default page would have cut the session off, as it did before.
    expect((await audit('?locks=each')).items.every((i) => i.position > sessionStart)).toBe(true);
  });

  it('the default view fits the whole session in one page, each holding of the lock one entry', async () => {
    const each = inSession((await audit('?locks=each&limit=500')).items);
    const page = await audit();
    expect(page.items.length).toBeLessThan(100);
    const shown = inSession(page.items);
    // Nothing of the session is left out but the renewals and releases inside the holdings shown.
    expect(shown.map((i) => i.id)).toEqual(each.filter((i) => !['LockRefreshed', 'LockReleased'].includes(i.action)).map((i) => i.id));
    // And the page reaches back to before the session: the admins' sign-ins are on it too.
    expect(page.items.some((i) => i.position < sessionStart && i.action === 'AdminSignedIn')).toBe(true);

    const holdings = shown.filter((i) => i.action === 'LockAcquired');
    // Screens changed every 4 minutes: A (12 minutes) and B (13 minutes) each held the lock 4 times.
    expect(holdings.map((h) => h.actor_email)).toEqual([ADMIN_B, ADMIN_B, ADMIN_B, ADMIN_B, ADMIN_A, ADMIN_A, ADMIN_A, ADMIN_A]);
    expect(holdings.map((h) => [h.lock_holding?.renewals, h.lock_holding?.end])).toEqual([
      [2, 'released'],
      [8, 'page-closed'],
      [8, 'page-closed'],
      [8, 'page-closed'],
      [0, 'signed-out'],
      [8, 'page-closed'],
      [8, 'page-closed'],
      [8, 'page-closed'],
    ]);
    const first = holdings.at(-1)!;
    // Four minutes on the moved clock, plus the real time the requests took.
    expect(Date.parse(first.lock_holding!.to) - Date.parse(first.lock_holding!.from)).toBeGreaterThanOrEqual(4 * 60_000);
    expect(Date.parse(first.lock_holding!.to) - Date.parse(first.lock_holding!.from)).toBeLessThan(4 * 60_000 + 30_000);
    expect(first.summary).toMatch(/^Held the draft lock \d{4}-\d\d-\d\d \d\d:\d\d UTC–\d{4}-\d\d-\d\d \d\d:\d\d UTC, 8 renewals \(closed the page\)$/);
  });

  it('a holding not given back reads as still held until its expiry, then as expired', async () => {
    await acquire(s.a);
    s.advanceClock(60);
    await acquire(s.a);
    await s.app.runtime.projector.waitFor(await s.app.runtime.store.headPosition(), 5_000);
    const held = (await audit('?limit=1&action=LockAcquired')).items[0]!;
    expect([held.lock_holding?.end, held.lock_holding?.renewals]).toEqual(['held', 1]);
    expect(held.summary).toMatch(/^Holding the draft lock since .*, 1 renewal$/);
    s.advanceClock(301);
    const expired = (await audit('?limit=1&action=LockAcquired')).items[0]!;
    expect(expired.lock_holding).toEqual(expect.objectContaining({ end: 'expired', renewals: 1 }));
    expect(expired.summary).toMatch(/, 1 renewal \(expired\)$/);
    // An explicit lock action lists those events themselves; a bad view is a 400 with its words.
    expect((await audit('?action=LockRefreshed&limit=500')).items.length).toBeGreaterThan(50);
    const bad = await s.a.get('/api/admin/audit?locks=some');
    expect([bad.status, bad.body.error]).toEqual([400, 'locks must be folded or each.']);
  });

  it('search finds the words on screen (issue 25): a label, a summary, an action in words', async () => {
    const actions = async (q: string) => [...new Set((await audit(`?q=${encodeURIComponent(q)}&limit=500`)).items.map((i) => i.action))];
    // The saves, and the publish and rollback that carried the Hero title to live.
    expect(await actions('hero title')).toEqual(['LiveRolledBack', 'Published', 'DraftSaved']);
    expect(await actions('Saved the draft: Hero')).toEqual(['DraftSaved']);
    expect(await actions('live rolled back')).toEqual(['LiveRolledBack']);
    expect(await actions('snapshot saved')).toEqual(['SnapshotSaved']);
  });

  it('the export keeps every event', async () => {
    const res = await s.a.get<string>('/api/admin/audit/export');
    expect(res.status).toBe(200);
    // The header line first and the signed checkpoint last (DESIGN §15); every line between is an event.
    const lines = res.body.trim().split('\n').slice(1, -1).map((line) => JSON.parse(line) as { type: string });
    expect(JSON.parse(res.body.trim().split('\n').at(-1)!)).toHaveProperty('checkpoint');
    expect(lines.length).toBe((await audit('?locks=each&limit=500')).items.length);
    expect(lines.filter((e) => e.type === 'LockRefreshed').length).toBeGreaterThan(50);
  });
});
