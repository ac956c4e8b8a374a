import { randomUUID } from 'node:crypto';
import { SITE_STREAM, settingsDefaults, type NewEvent, type SiteEvent } from '@punchline/domain';
import { Projector, allProjections, replay } from '@punchline/projections';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test-support/test-database';
import { SettingsReadService } from './settings-read.service';
import { projectedStore } from '../cli/test-support/read-model.test-kit';

const STREAM = SITE_STREAM;

function event<T extends SiteEvent['type']>(type: T, data: Extract<SiteEvent, { type: T }>['data'], actorEmail = 'ada@example.com', occurredAt = '2025-03-01T12:00:00.000Z'): NewEvent {
  return { eventId: randomUUID(), type, data, metadata: { actorEmail, correlationId: randomUUID(), causationId: null, occurredAt } };
}

describe.each(databaseKinds())('settings read models and SettingsReadService on %s', (kind) => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let projector: Projector;
  let reads: SettingsReadService;
  let revision = -1;

  const append = async (...events: NewEvent[]): Promise<number> => {
    const result = await store.append(STREAM, events, { expectedRevision: revision < 0 ? 'no_stream' : revision });
    revision = result.nextExpectedRevision;
    expect(await projector.waitFor(result.position, 5_000)).toBe(true);
    reads.invalidate();
    return result.position;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ store, projector } = await projectedStore(database.db));
    reads = new SettingsReadService(database.db);
    await reads.onModuleInit();
  });
  afterAll(async () => {
    await reads.onModuleDestroy();
    await projector.stop();
    await database.drop();
  });

  it('answers the public defaults, version 0, for an empty site; the draft reads the editor defaults', async () => {
    const live = await reads.getLive();
    expect(live.version).toBe(0);
    expect(live.updatedAt).toBeNull();
    expect(live.settings).toEqual(settingsDefaults('public'));
    expect(JSON.parse(live.json)).toEqual(live.settings);
    expect((await reads.getDraft()).settings).toEqual(settingsDefaults('editor'));
    expect(await reads.getLock()).toBeNull();
    expect(await reads.listVersions()).toEqual([]);
  });

  it('keeps the draft merged over live, and live only changes on Published', async () => {
    const saved = await append(event('DraftSaved', { changes: { site_title: 'Draft title', hero_title: 'Draft hero' } }));
    const draft = await reads.getDraft();
    expect(draft.settings.site_title).toBe('Draft title');
    expect(draft.version).toBe(saved);
    expect(draft.updatedAt).toBe('2025-03-01T12:00:00.000Z');
    expect((await reads.getLive()).version).toBe(0);

    const published = await append(
      event('Published', { snapshotId: null, settings: { site_title: 'Live title', footer_text: 'Live footer' }, changes: {} }, 'ada@example.com', '2025-03-02T08:00:00.000Z'),
    );
    const live = await reads.getLive();
    expect(live.version).toBe(published);
    expect(live.updatedAt).toBe('2025-03-02T08:00:00.000Z');
    expect(live.settings).toMatchObject({ site_title: 'Live title', footer_text: 'Live footer', updated_at: '2025-03-02T08:00:00.000Z' });
    expect(live.etag).toBe(`"live-${published}"`);
    // Draft's own title wins; the footer it never set comes from the new live.
    const merged = await reads.getDraft();
    expect(merged.settings).toMatchObject({ site_title: 'Draft title', hero_title: 'Draft hero', footer_text: 'Live footer' });
    expect(merged.version).toBe(published);

    await append(event('DraftPulledFromLive', { changes: { site_title: 'Live title', hero_title: null } }));
    expect((await reads.getDraft()).settings).toMatchObject({ site_title: 'Live title', hero_title: settingsDefaults('editor').hero_title });
  });

  it('serves a cached live answer until the projection changes it, from this process or via NOTIFY', async () => {
    const first = await reads.getLive();
    expect(await reads.getLive()).toBe(first);
    const changed = new Promise<number>((resolve) => {
      const off = reads.onLiveChanged((live) => {
        off();
        resolve(live.version);
      });
    });
    // No invalidate() here: the projection's NOTIFY (or the one-second revalidation) must find it.
    const result = await store.append(STREAM, [event('Published', { snapshotId: null, settings: { site_title: 'Seen via notify' }, changes: {} })], { expectedRevision: revision });
    revision = result.nextExpectedRevision;
    await projector.waitFor(result.position, 5_000);
    const deadline = Date.now() + 3_000;
    let live = await reads.getLive();
    while (live.version !== result.position && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      live = await reads.getLive();
    }
    expect(live.settings.site_title).toBe('Seen via notify');
    expect(await changed).toBe(result.position);
  });

  it('answers the front door from memory past the revalidation interval, and revalidates behind it', async () => {
    const cached = await reads.getLive();
    expect(reads.peekLiveRevalidating()).toBe(cached);
    // A change no NOTIFY announces (one lost): only the safety-net version check can find it.
    const table = 'rm.site_settings';
    const { rows } = await database.db.query<{ settings: unknown; version: string | number }>(`SELECT settings, version FROM ${table} WHERE stage = 'live'`);
    await database.db.query(`UPDATE ${table} SET version = version + 1000, settings = jsonb_set(settings::jsonb, '{site_title}', '"Found behind the door"') WHERE stage = 'live'`);
    try {
      await new Promise((r) => setTimeout(r, 1_100));
      // Past the interval: still answered at once (no visitor waits for the query), the check starts behind it.
      expect(reads.peekLiveRevalidating()).toBe(cached);
      const deadline = Date.now() + 3_000;
      let seen = reads.peekLiveRevalidating();
      while (seen === cached && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
        seen = reads.peekLiveRevalidating();
      }
      expect(seen?.settings.site_title).toBe('Found behind the door');
      expect(seen?.version).toBe(Number(rows[0]!.version) + 1000);
    } finally {
      await database.db.query(`UPDATE ${table} SET version = $1, settings = $2 WHERE stage = 'live'`, [rows[0]!.version, JSON.stringify(rows[0]!.settings)]);
      reads.invalidate();
    }
  });

  it('projects the lock: acquire, refresh, release; an expired lock reads as none', async () => {
    await append(event('LockAcquired', { holderEmail: 'ada@example.com', ttlSeconds: 300, acquiredAt: '2025-03-01T12:00:00.000Z', expiresAt: '2025-03-01T12:05:00.000Z', previousHolderEmail: null }));
    const at = new Date('2025-03-01T12:01:00.000Z');
    expect(await reads.getLock(at)).toEqual({
      holder_email: 'ada@example.com',
      acquired_at: '2025-03-01T12:00:00.000Z',
      expires_at: '2025-03-01T12:05:00.000Z',
    });
    await append(event('LockRefreshed', { holderEmail: 'ada@example.com', ttlSeconds: 300, refreshedAt: '2025-03-01T12:05:00.000Z', expiresAt: '2025-03-01T12:10:00.000Z' }));
    expect((await reads.getLock(new Date('2025-03-01T12:07:00.000Z')))?.expires_at).toBe('2025-03-01T12:10:00.000Z');
    expect(await reads.getLock(new Date('2025-03-01T12:10:00.000Z'))).toBeNull();
    await append(event('LockReleased', { holderEmail: 'ada@example.com', reason: 'released' }));
    expect(await reads.getLock(at)).toBeNull();
  });

  it('lists snapshots newest first, marks the published one, deletes permanently', async () => {
    await append(event('SnapshotSaved', { snapshotId: 's-1', label: 'First', stage: 'draft', authorEmail: 'bob@example.com', createdAt: '2025-03-03T00:00:00.000Z', settings: { site_title: 'Live title' } }, 'bob@example.com'));
    await append(event('DraftSaved', { changes: { site_title: 'Second draft' } }));
    await append(event('SnapshotSaved', { snapshotId: 's-2', label: null, stage: 'draft', authorEmail: 'ada@example.com', createdAt: '2025-03-04T00:00:00.000Z', settings: { site_title: 'Second draft' } }));
    expect((await reads.listVersions({ limit: 20, stage: 'draft' })).map((v) => [v.id, v.label, v.status, v.author_email])).toEqual([
      ['s-2', null, 'draft', 'ada@example.com'],
      ['s-1', 'First', 'draft', 'bob@example.com'],
    ]);
    expect((await reads.getVersion('s-2'))?.settings).toMatchObject({ site_title: 'Second draft' });
    expect((await reads.getVersion('s-1'))?.settings).toMatchObject({ site_title: 'Live title' });

    await append(event('Published', { snapshotId: 's-1', settings: { site_title: 'Live title' }, changes: {} }));
    expect((await reads.listVersions({ limit: 1 })).map((v) => v.id)).toEqual(['s-2']);
    expect((await reads.getVersion('s-1'))?.status).toBe('published');
    await append(event('SnapshotDeleted', { snapshotId: 's-2', label: null }));
    expect((await reads.listVersions()).map((v) => v.id)).toEqual(['s-1']);
  });

  it('ignores site-like events on other streams', async () => {
    const before = await reads.getDraft();
    const other = await store.append('site-elsewhere', [event('DraftSaved', { changes: { site_title: 'Not the site' } })], { expectedRevision: 'any' });
    await projector.waitFor(other.position, 5_000);
    expect(await reads.getDraft()).toEqual(before);
  });

  it('rebuilds identical tables when the log is replayed in one batch', async () => {
    const result = await replay({ db: database.db, store, projections: allProjections(), batchSize: 5_000 });
    expect(result.tables.filter((t) => t.projection === 'site_settings').map((t) => [t.name, t.equal])).toEqual([
      ['site_settings', true],
      ['settings_versions', true],
      ['draft_lock', true],
      ['show_sequences', true],
    ]);
    expect(result.equal).toBe(true);
  });
});
