import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, saveDraft, type SettingsApp, settingsAppForSuite } from '../test-support/settings-app.test-kit';

describe.each(databaseKinds())('PUT /api/settings?stage=draft on %s', (kind) => {
  let s: SettingsApp;
  settingsAppForSuite(kind, (started) => (s = started));

  it('saves the whole record for the lock holder, normalised by the server, and records only the changed fields', async () => {
    expect((await s.a.post('/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
    // The first save stores the whole record the editor sends (the stored draft starts empty).
    expect((await saveDraft(s.a, {})).status).toBe(200);
    const res = await saveDraft(s.a, {
      site_title: '  Saved title  ',
      header_bg: 'abc',
      footer_links: [{ label: 'Tickets', url: 'tickets.example.com' }],
      updated_at: '1999-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.data).toMatchObject({
      site_title: 'Saved title',
      header_bg: '#AABBCC',
      footer_links: [{ label: 'Tickets', url: 'https://tickets.example.com' }],
    });
    // Read-only updated_at is the server's: the time of the save, not what was sent.
    expect(res.body.data.updated_at).not.toBe('1999-01-01T00:00:00.000Z');
    expect((await s.b.get('/api/settings?stage=draft')).body).toEqual(res.body.data);

    const saved = (await s.siteEvents()).filter((e) => e.type === 'DraftSaved').at(-1)!;
    expect(Object.keys(saved.data as { changes: object }).sort()).toEqual(['changes']);
    expect(Object.keys((saved.data as { changes: object }).changes).sort()).toEqual(['footer_links', 'header_bg', 'site_title']);
    expect(saved.metadata.actorEmail).toBe(ADMIN_A);
  });

  it('records a save of the unchanged record with empty changes: the action is audited, nothing else moves (issue 10)', async () => {
    expect((await s.a.post('/api/settings/lock/acquire', {})).status).toBe(200);
    const draftBefore = (await s.a.get('/api/settings?stage=draft')).body;
    const before = (await s.siteEvents()).length;
    const res = await saveDraft(s.a, {});
    expect(res.status).toBe(200);
    const events = await s.siteEvents();
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({ type: 'DraftSaved', data: { changes: {} } });
    const { updated_at: _a, ...after } = (await s.a.get('/api/settings?stage=draft')).body;
    const { updated_at: _b, ...was } = draftBefore;
    expect(after).toEqual(was);
  });

  it('refuses unknown fields with 400 naming them, and unsafe links', async () => {
    expect((await s.a.post('/api/settings/lock/acquire', {})).status).toBe(200);
    const unknown = await saveDraft(s.a, { colour_scheme: 'dark', extra: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('Unknown settings: colour_scheme, extra.');
    const unsafe = await saveDraft(s.a, { logo_url: 'javascript:alert(1)' });
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.error).toContain('logo_url');
    const notAnObject = await s.a.put('/api/settings?stage=draft', ['site_title']);
    expect(notAnObject.status).toBe(400);
  });

  it("answers 423 to an admin who does not hold the lock: 'Draft locked by another editor.' when someone else does", async () => {
    const noLock = await saveDraft(s.b, { site_title: 'No lock' });
    expect(noLock.status).toBe(423);
    expect((await s.a.post('/api/settings/lock/acquire', {})).status).toBe(200);
    const other = await saveDraft(s.b, { site_title: 'Not mine' });
    expect(other.status).toBe(423);
    expect(other.body.error).toBe('Draft locked by another editor.');
    expect((await s.a.get('/api/settings?stage=draft')).body.site_title).not.toBe('Not mine');
  });

  it('only writes the draft stage, and only for admins', async () => {
    expect((await s.a.post('/api/settings/lock/acquire', {})).status).toBe(200);
    const live = await s.a.put('/api/settings?stage=live', { site_title: 'Straight to live' });
    expect(live.status).toBe(400);
    expect(live.body.error).toBe('Only the draft can be saved: PUT /api/settings?stage=draft.');
    expect((await s.visitor.put('/api/settings?stage=draft', { site_title: 'x' })).status).toBe(401);
    const removed = await s.removed.put('/api/settings?stage=draft', { site_title: 'x' });
    expect(removed.status).toBe(403);
    expect(removed.body.error).toBe('Admin access required to edit draft.');
  });
});
