import type { RecordedEvent } from '@punchline/domain';
import { SITE_STREAM } from '@punchline/domain';
import { Clock } from '../../platform/event-sourcing/clock';
import { type TestApp, http, signIn, startTestApp } from '../../test-support/test-app';
import { databaseKinds, postgresUrl } from '../../test-support/test-database';
import { ADMIN_A, ADMIN_B, lockAndSave, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';
import { ScheduledPublisher } from './scheduled-publisher.reactor';

const inSeconds = (s: SettingsApp | Clock, seconds: number): string => new Date(('clock' in s ? s.clock : s).now().getTime() + seconds * 1000).toISOString();
const scheduledPublishes = (events: RecordedEvent[], scheduleId: string) =>
  events.filter((e) => e.type === 'Published' && (e.data as { schedule?: { scheduleId: string } }).schedule?.scheduleId === scheduleId);

async function until<T>(probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(databaseKinds())('Scheduled publishing on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('publishes a snapshot once at its time (injected clock), audited at every step', async () => {
    await lockAndSave(s.a, { site_title: 'Spring season' });
    const snapshot = await s.a.post('/api/settings/versions', { label: 'Spring', stage: 'draft' });
    await lockAndSave(s.a, { site_title: 'Unreviewed later edit' });
    await s.a.post('/api/settings/lock/release', {});
    const liveBefore = (await s.visitor.get('/api/settings')).body.site_title;

    const made = await s.a.post('/api/settings/schedule', { at: inSeconds(s, 3600), snapshotId: snapshot.body.version.id });
    expect(made.status).toBe(201);
    expect(made.body.schedule).toMatchObject({ snapshotId: snapshot.body.version.id, snapshot_label: 'Spring', created_by: ADMIN_A });
    const { id } = made.body.schedule;
    expect((await s.b.get('/api/settings/schedules')).body.schedules.map((x: { id: string }) => x.id)).toContain(id);

    // Not yet due: a pass publishes nothing.
    await s.app.app.get(ScheduledPublisher).runDue();
    expect((await s.visitor.get('/api/settings')).body.site_title).toBe(liveBefore);

    s.advanceClock(3600);
    s.app.app.get(ScheduledPublisher).wake();
    await until(async () => ((await s.visitor.get('/api/settings')).body.site_title === 'Spring season' ? true : undefined));
    // Further passes (and a repeated decision) change nothing: exactly one publish.
    await s.app.app.get(ScheduledPublisher).runDue();
    const events = await s.siteEvents();
    const published = scheduledPublishes(events, id);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      data: { snapshotId: snapshot.body.version.id, schedule: { scheduleId: id, scheduledBy: ADMIN_A, lateBySeconds: expect.any(Number) } },
      metadata: { actorEmail: ADMIN_A, correlationId: id },
    });
    expect((await s.a.get('/api/settings/schedules')).body.schedules.map((x: { id: string }) => x.id)).not.toContain(id);

    const audit = await s.a.get(`/api/admin/audit?limit=20`);
    const actions = audit.body.items.map((i: { action: string }) => i.action);
    expect(actions).toEqual(expect.arrayContaining(['PublishScheduled', 'Published']));
  });

  it('without a snapshot, snapshots the current draft and schedules that; allowed while another editor holds the lock', async () => {
    await lockAndSave(s.b, { site_title: 'Draft of b' });
    const made = await s.a.post('/api/settings/schedule', { at: inSeconds(s, 120) });
    expect(made.status).toBe(201);
    const versions = await s.a.get('/api/settings/versions?limit=50&stage=draft');
    const auto = versions.body.versions.find((v: { id: string }) => v.id === made.body.schedule.snapshotId);
    expect(auto.label).toMatch(/^Scheduled for /);
    expect((await s.a.get(`/api/settings/versions/${auto.id}`)).body.version.settings.site_title).toBe('Draft of b');
    // Running it while b still holds the lock waits (same rule as a manual publish) and runs once the lock is free.
    s.advanceClock(120);
    await s.app.app.get(ScheduledPublisher).runDue();
    expect(scheduledPublishes(await s.siteEvents(), made.body.schedule.id)).toHaveLength(0);
    await s.b.post('/api/settings/lock/release', {});
    await s.app.app.get(ScheduledPublisher).runDue();
    expect(scheduledPublishes(await s.siteEvents(), made.body.schedule.id)).toHaveLength(1);
    // The release's projected batch also wakes the publisher's own loop, which may be the one that published.
    await until(async () => ((await s.visitor.get('/api/settings')).body.site_title === 'Draft of b' ? true : undefined));
  });

  it('cancel, and deleting the snapshot, cancel the schedule (audited); neither runs', async () => {
    const snapshot = await s.a.post('/api/settings/versions', { label: 'To cancel', stage: 'draft' });
    const one = (await s.a.post('/api/settings/schedule', { at: inSeconds(s, 60), snapshotId: snapshot.body.version.id })).body.schedule;
    const two = (await s.a.post('/api/settings/schedule', { at: inSeconds(s, 120), snapshotId: snapshot.body.version.id })).body.schedule;
    const cancelled = await s.b.delete(`/api/settings/schedules/${one.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.schedule.id).toBe(one.id);
    expect((await s.b.delete(`/api/settings/schedules/${one.id}`)).status).toBe(404);
    expect((await s.a.delete(`/api/settings/versions/${snapshot.body.version.id}`)).status).toBe(200);
    s.advanceClock(300);
    await s.app.app.get(ScheduledPublisher).runDue();
    const events = await s.siteEvents();
    expect(scheduledPublishes(events, one.id)).toHaveLength(0);
    expect(scheduledPublishes(events, two.id)).toHaveLength(0);
    expect(events.filter((e) => e.type === 'ScheduledPublishCancelled').slice(-2).map((e) => [e.data, e.metadata.actorEmail])).toEqual([
      [expect.objectContaining({ scheduleId: one.id, reason: 'cancelled', cancelledBy: ADMIN_B }), ADMIN_B],
      [expect.objectContaining({ scheduleId: two.id, reason: 'snapshot-deleted', cancelledBy: ADMIN_A }), ADMIN_A],
    ]);
  });

  it('refuses a time in the past, an unknown snapshot and bad input with 4xx messages; admins only', async () => {
    const past = await s.a.post('/api/settings/schedule', { at: inSeconds(s, -5) });
    expect([past.status, past.body.error]).toEqual([400, 'Choose a time in the future for a scheduled publish.']);
    expect((await s.a.post('/api/settings/schedule', { at: 'tomorrow-ish' })).status).toBe(400);
    expect((await s.a.post('/api/settings/schedule', {})).status).toBe(400);
    expect((await s.a.post('/api/settings/schedule', { at: 42 })).status).toBe(400);
    const missing = await s.a.post('/api/settings/schedule', { at: inSeconds(s, 60), snapshotId: 'nope' });
    expect([missing.status, missing.body.error]).toEqual([404, 'Snapshot not found.']);
    expect((await s.visitor.post('/api/settings/schedule', { at: inSeconds(s, 60) })).status).toBe(401);
    expect((await s.removed.get('/api/settings/schedules')).status).toBe(403);
    expect((await s.visitor.delete('/api/settings/schedules/x')).status).toBe(401);
  });
});

const onPostgres = postgresUrl() ? describe : describe.skip;

onPostgres('Scheduled publishing across app instances on PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp | undefined;
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('runs a due schedule exactly once with two instances, and one missed while the app was down runs at start with its lateness', async () => {
    first = await startTestApp({ kind: 'postgres', env: { ADMIN_EMAILS: ADMIN_A } });
    const a = http(first.baseUrl, await signIn(first.baseUrl, ADMIN_A));
    // This instance's publisher is down for the whole test: the second instance must do the work.
    await first.app.get(ScheduledPublisher).onModuleDestroy();

    const snapshot = await a.post('/api/settings/versions', { label: 'Missed', stage: 'draft' });
    const missed = (await a.post('/api/settings/schedule', { at: new Date(Date.now() + 1500).toISOString(), snapshotId: snapshot.body.version.id })).body.schedule;
    await new Promise((r) => setTimeout(r, 2600));

    second = await startTestApp({ sharedWith: first, env: { ADMIN_EMAILS: ADMIN_A } });
    const siteEvents = () => first.runtime.store.readStream(SITE_STREAM);
    const ran = await until(async () => scheduledPublishes(await siteEvents(), missed.id)[0]);
    expect((ran.data as { schedule: { lateBySeconds: number } }).schedule.lateBySeconds).toBeGreaterThanOrEqual(1);

    // Two instances deciding the same due schedule at once: the site stream lets one publish through.
    const twice = (await a.post('/api/settings/schedule', { at: new Date(Date.now() + 1000).toISOString(), snapshotId: snapshot.body.version.id })).body.schedule;
    await new Promise((r) => setTimeout(r, 1100));
    await Promise.all([first.app.get(ScheduledPublisher).runDue(), second.app.get(ScheduledPublisher).runDue(), second.app.get(ScheduledPublisher).runDue()]);
    await new Promise((r) => setTimeout(r, 300));
    expect(scheduledPublishes(await siteEvents(), twice.id)).toHaveLength(1);
    expect(scheduledPublishes(await siteEvents(), missed.id)).toHaveLength(1);
  });
});
