import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';

/**
 * DESIGN §15 auditors: AUDITOR_EMAILS plus an editable list kept on the access stream (admins only,
 * audited); an auditor signs in, reads the log, its proofs and the history, and is refused anything else.
 */
describe.each(databaseKinds())('auditors on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { AUDITOR_EMAILS: 'Fixed.Auditor@example.com' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  }, 60_000);

  it('admins keep the editable list, audited on the access stream; auditors then read but never change', async () => {
    const admin = http(t.baseUrl, await signIn(t.baseUrl, TEST_ADMIN_EMAIL, 'Ada Admin'));
    expect((await admin.get('/api/admin/auditors')).body).toEqual({ editable: [], env: ['fixed.auditor@example.com'] });
    const put = await admin.put('/api/admin/auditors', { emails: [' Otto@Example.com '] });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ editable: ['otto@example.com'], env: ['fixed.auditor@example.com'] });
    expect((await admin.put('/api/admin/auditors', { emails: ['fixed.auditor@example.com'] })).body).toMatchObject({ error: 'That email address is already an auditor.' });
    expect((await admin.put('/api/admin/auditors', { emails: 'otto@example.com' })).status).toBe(400);
    const { rows } = await t.db.query<{ data: { added: string[] } }>(`SELECT data FROM es.events WHERE stream_id = 'access' AND type = 'AuditorsChanged'`);
    expect(rows.map((r) => r.data.added)).toEqual([['otto@example.com']]);

    for (const email of ['otto@example.com', 'fixed.auditor@example.com']) {
      const auditor = http(t.baseUrl, await signIn(t.baseUrl, email, 'Otto Auditor'));
      expect((await auditor.get('/api/auth/me')).body).toMatchObject({ isAdmin: false, isAuditor: true, user: { email } });
      expect((await auditor.get('/api/admin/audit')).status).toBe(200);
      expect((await auditor.get('/api/admin/audit/verify')).body).toMatchObject({ ok: true });
      expect((await auditor.get('/api/admin/audit/export')).status).toBe(200);
      expect((await auditor.get('/api/admin/history?stage=live')).status).toBe(200);
      const size = Number((await auditor.get('/api/log/checkpoint')).body.split('\n')[1]);
      expect((await auditor.get(`/api/log/proof/consistency?from=1&to=${size}`)).status).toBe(200);
      const refused = await auditor.put('/api/admin/auditors', { emails: [] });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'Auditors may read the log and the site history, not change anything.' });
      expect((await auditor.get('/api/admin/allowlist')).status).toBe(403);
      expect((await auditor.post('/api/settings/lock/acquire', {})).status).toBe(403);
      expect((await auditor.get('/api/settings?stage=draft')).body).not.toHaveProperty('draft');
    }
    const signIns = await t.db.query<{ data: { email: string; role?: string } }>(`SELECT data FROM es.events WHERE type = 'AdminSignedIn' AND data->>'role' = 'auditor'`);
    expect(signIns.rows.map((r) => r.data.email).sort()).toEqual(['fixed.auditor@example.com', 'otto@example.com']);

    // Removed from the list: the next request is refused, as for admins (SPEC §6).
    const otto = http(t.baseUrl, await signIn(t.baseUrl, 'otto@example.com'));
    await admin.put('/api/admin/auditors', { emails: [] });
    expect((await otto.get('/api/admin/audit')).status).toBe(403);
  });
});
