import { type HistoryItem, normaliseSettings } from '@punchline/domain';
import { http, signIn } from '../test-support/test-app';
import { databaseKinds } from '../test-support/test-database';
import { ADMIN_A, ADMIN_B, lockAndSave, releaseAll, startSettingsApp, type SettingsApp } from '../settings/test-support/settings-app.test-kit';

/**
 * Issue 10 acceptance on PGlite and PostgreSQL: a scripted history (saves by two admins, a
 * snapshot, three publishes, a rollback, a restore from history) where every DESIGN §13 call
 * returns exactly the expected records, diffs and provenance.
 */
describe.each(databaseKinds())('History API on %s', (kind) => {
  let s: SettingsApp;
  const positions: Record<string, number> = {};
  const times: Record<string, string> = {};

  const lastSitePosition = async (): Promise<{ position: number; at: string }> => {
    const events = await s.siteEvents();
    const last = events.at(-1)!;
    return { position: last.globalPosition, at: last.metadata.occurredAt };
  };
  const mark = async (name: string) => {
    const { position, at } = await lastSitePosition();
    positions[name] = position;
    times[name] = at;
  };

  beforeAll(async () => {
    s = await startSettingsApp(kind);
    await releaseAll(s);
    // A: first title, publish 1.
    await lockAndSave(s.a, { site_title: 'First title', hero_title: 'Hello' });
    await mark('save1');
    s.advanceClock(60);
    expect((await s.a.post('/api/settings/publish', {})).status).toBe(200);
    await mark('publish1');
    await s.a.post('/api/settings/lock/release', {});
    // B: second title and footer, snapshot, publish 2.
    s.advanceClock(60);
    await lockAndSave(s.b, { site_title: 'Second title', footer_text: 'Footer by B' });
    await mark('save2');
    expect((await s.b.post('/api/settings/versions', { label: 'Second', stage: 'draft' })).status).toBe(201);
    s.advanceClock(60);
    expect((await s.b.post('/api/settings/publish', {})).status).toBe(200);
    await mark('publish2');
    // B: a third title, publish 3.
    s.advanceClock(60);
    await lockAndSave(s.b, { site_title: 'Third title' });
    s.advanceClock(60);
    expect((await s.b.post('/api/settings/publish', {})).status).toBe(200);
    await mark('publish3');
    await s.b.post('/api/settings/lock/release', {});
  });
  afterAll(async () => {
    await s?.close();
  });

  it('timeline: the events that changed live, newest first, with fields and a summary; pages with next_before', async () => {
    const res = await s.a.get('/api/admin/history?stage=live&limit=2');
    expect(res.status).toBe(200);
    const items = res.body.items as HistoryItem[];
    expect(items.map((i) => [i.position, i.action, i.fields, i.actor_email])).toEqual([
      [positions.publish3, 'Published', ['site_title'], ADMIN_B],
      [positions.publish2, 'Published', ['site_title', 'footer_text'], ADMIN_B],
    ]);
    expect(items[0]!.summary).toBe('Published the current draft to live');
    expect(res.body.next_before).toBe(positions.publish2);
    const next = await s.a.get(`/api/admin/history?stage=live&limit=2&before=${res.body.next_before}`);
    expect((next.body.items as HistoryItem[]).map((i) => i.position)).toEqual([positions.publish1]);
    expect(next.body.next_before).toBeNull();
    const draft = (await s.a.get('/api/admin/history?stage=draft&limit=50')).body.items as HistoryItem[];
    expect(draft.find((i) => i.position === positions.save2)).toMatchObject({ action: 'DraftSaved', actor_email: ADMIN_B, summary: 'Saved the draft: Site title, Footer text' });
  });

  it('state by position and by time, including a time between events and one before the first', async () => {
    const at1 = await s.a.get(`/api/admin/history/state?stage=live&position=${positions.publish1}`);
    expect(at1.body).toMatchObject({ position: positions.publish1, settings: { site_title: 'First title', hero_title: 'Hello' } });
    // Between publish 2 and 3 (later events of the draft do not count for live, but positions do).
    const between = new Date(Date.parse(times.publish2!) + 30_000).toISOString();
    const byTime = await s.a.get(`/api/admin/history/state?stage=live&at=${encodeURIComponent(between)}`);
    expect(byTime.body.settings.site_title).toBe('Second title');
    const before = await s.a.get('/api/admin/history/state?stage=live&at=2000-01-01T00:00:00Z');
    expect(before.body).toMatchObject({ position: 0, occurred_at: null });
    expect(before.body.settings).toEqual(normaliseSettings({}, 'public'));
    const draft = await s.a.get(`/api/admin/history/state?stage=draft&position=${positions.save2}`);
    expect(draft.body.settings).toMatchObject({ site_title: 'Second title', footer_text: 'Footer by B', hero_title: 'Hello' });
  });

  it('diff between two points, by JSON Pointer; provenance per field', async () => {
    const diff = await s.a.get(`/api/admin/history/diff?stage=live&from=${positions.publish1}&to=${positions.publish3}`);
    expect(diff.body.changes).toEqual([
      { path: '/footer_text', before: expect.any(String), after: 'Footer by B' },
      { path: '/site_title', before: 'First title', after: 'Third title' },
    ]);
    const fields = await s.a.get('/api/admin/history/fields?stage=live');
    expect(fields.body.fields.site_title).toEqual({ position: positions.publish3, occurred_at: times.publish3, actor_email: ADMIN_B, actor_name: null, action: 'Published' });
    expect(fields.body.fields.hero_title).toMatchObject({ position: positions.publish1, actor_email: ADMIN_A });
  });

  it('rollback: refused for a point that is not a publish (400) and while another admin holds the lock (423), touching nothing; then live is the old record', async () => {
    const liveBefore = (await s.visitor.get('/api/settings')).body;
    const notPublish = await s.a.post('/api/settings/rollback', { position: positions.save2 });
    expect([notPublish.status, notPublish.body.error]).toEqual([400, 'That point is not a publish of live; roll back to a publish.']);
    expect((await s.a.post('/api/settings/rollback', { position: 'x' })).status).toBe(400);
    await lockAndSave(s.b, { hero_title: 'Editing meanwhile' });
    const locked = await s.a.post('/api/settings/rollback', { position: positions.publish1 });
    expect(locked.status).toBe(423);
    expect((await s.visitor.get('/api/settings')).body).toEqual(liveBefore);
    await s.b.post('/api/settings/lock/release', {});

    const rolled = await s.a.post('/api/settings/rollback', { position: positions.publish1 });
    expect(rolled.status).toBe(200);
    expect((await s.visitor.get('/api/settings')).body).toMatchObject({ site_title: 'First title', hero_title: 'Hello' });
    // The draft is untouched by a rollback.
    expect((await s.a.get('/api/settings?stage=draft')).body.hero_title).toBe('Editing meanwhile');
    const events = await s.siteEvents();
    expect(events.at(-1)).toMatchObject({ type: 'LiveRolledBack', data: { toPosition: positions.publish1 }, metadata: { actorEmail: ADMIN_A } });
    // A rollback to the state live already has is still recorded, with empty changes.
    expect((await s.a.post('/api/settings/rollback', { position: positions.publish1 })).status).toBe(200);
    expect((await s.siteEvents()).at(-1)).toMatchObject({ type: 'LiveRolledBack', data: { changes: {} } });
    const audit = await s.a.get('/api/admin/audit?limit=3');
    expect(audit.body.items[0].summary).toMatch(/^Rolled live back to the publish of .+ UTC \(live already matched it\)$/);
  });

  it('restore into the draft: refused (423, naming the holder) while another admin holds the lock; a free lock is taken for the restore and given back (issue 25)', async () => {
    const bea = http(s.app.baseUrl, await signIn(s.app.baseUrl, ADMIN_B, 'Bea Booker'));
    expect((await bea.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    const refused = await s.a.post('/api/settings/history/restore', { position: positions.publish2, stage: 'live' });
    expect(refused.status).toBe(423);
    expect(refused.body).toMatchObject({ code: 'LOCKED', lock: { holder_email: ADMIN_B, holder_name: 'Bea Booker', expires_at: expect.any(String) } });
    expect(refused.body.error).not.toMatch(/sav/i);
    await bea.post('/api/settings/lock/release', {});

    const before = (await s.siteEvents()).length;
    const restored = await s.a.post('/api/settings/history/restore', { position: positions.publish2, stage: 'live' });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ site_title: 'Second title', footer_text: 'Footer by B', hero_title: 'Hello' });
    expect((await s.siteEvents()).slice(before)).toMatchObject([
      { type: 'LockAcquired', data: { holderEmail: ADMIN_A }, metadata: { actorEmail: ADMIN_A } },
      { type: 'DraftRestoredFromHistory', data: { fromPosition: positions.publish2, stage: 'live' } },
      { type: 'LockReleased', data: { holderEmail: ADMIN_A, reason: 'released' } },
    ]);
    expect((await s.a.get('/api/settings/lock')).body.lock).toBeNull();
    // An editor open in another tab holds the lock: the restore keeps it and records no lock traffic.
    expect((await s.a.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    expect((await s.a.post('/api/settings/history/restore', { position: positions.publish2, stage: 'live' })).status).toBe(200);
    expect((await s.siteEvents()).at(-1)).toMatchObject({ type: 'DraftRestoredFromHistory', data: { changes: {} } });
    expect((await s.a.get('/api/settings/lock')).body.lock).toMatchObject({ holder_email: ADMIN_A });
    expect((await s.a.post('/api/settings/history/restore', { position: positions.publish2, stage: 'nowhere' })).status).toBe(400);
    await s.a.post('/api/settings/lock/release', {});
  });

  it('verify: the log’s hash chain is intact, with its head; every history call is admin-only', async () => {
    const verify = await s.a.get('/api/admin/audit/verify');
    expect(verify.body).toMatchObject({ ok: true, first_invalid: null, head: { position: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(verify.body.verified).toBeGreaterThan(10);
    for (const path of ['/api/admin/history?stage=live', '/api/admin/history/state?stage=live&position=1', '/api/admin/history/fields?stage=live', '/api/admin/audit/verify']) {
      expect((await s.visitor.get(path)).status).toBe(401);
      expect((await s.removed.get(path)).status).toBe(403);
    }
    expect((await s.a.get('/api/admin/history?stage=preview')).status).toBe(400);
    expect((await s.a.get('/api/admin/history/state?stage=live&at=yesterday')).status).toBe(400);
  });
  it('a save lists what was sent, not the defaults the editor reading derives from it (issue 25)', async () => {
    expect((await s.a.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    // Unset, the badge label reads as the site title in the editor (SPEC §3); the editor then sends only the title it changed.
    expect((await s.a.put('/api/settings?stage=draft', { hero_badge_label: '' })).status).toBe(200);
    expect((await s.a.put('/api/settings?stage=draft', { site_title: 'Fourth title' })).status).toBe(200);
    const { position } = await lastSitePosition();
    const before = (await s.a.get(`/api/admin/history/state?stage=draft&position=${position - 1}`)).body.settings;
    const after = (await s.a.get(`/api/admin/history/state?stage=draft&position=${position}`)).body.settings;
    expect([before.hero_badge_label, after.hero_badge_label]).toEqual([before.site_title, 'Fourth title']);
    const diff = await s.a.get(`/api/admin/history/diff?stage=draft&from=${position - 1}&to=${position}`);
    expect(diff.body.changes).toEqual([{ path: '/site_title', before: before.site_title, after: 'Fourth title' }]);
    expect((await s.a.post('/api/settings/lock/release', {})).status).toBe(200);
  });
});
