import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Clock } from '../platform/event-sourcing/clock';
import { http, signIn, startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../test-support/test-app';
import { BackupService, registeredSideStores, validateBackup } from '.';

/**
 * Issue 29: scheduled backups by one instance into BACKUP_DIR (encrypted with BACKUP_PASSPHRASE,
 * the newest BACKUP_KEEP kept), the admin's Backups panel API (list, Back up now — audited —,
 * Download), and health reporting the last backup's age, `degraded` past twice the interval.
 */
describe('scheduled backups and the Backups panel', () => {
  let app: TestApp;
  let dir: string;
  let admin: ReturnType<typeof http>;
  let cookie: string;
  const passphrase = 'a long enough passphrase';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'punchline-backups-'));
    app = await startTestApp({ env: { BACKUP_DIR: dir, BACKUP_EVERY: '1h', BACKUP_KEEP: '2', BACKUP_PASSPHRASE: passphrase } });
    cookie = await signIn(app.baseUrl, TEST_ADMIN_EMAIL);
    admin = http(app.baseUrl, cookie);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the first backup at start-up, encrypted, and health says how old it is', async () => {
    for (let i = 0; readdirSync(dir).filter((n) => n.endsWith('.tar.enc')).length === 0; i++) {
      if (i > 600) throw new Error('no scheduled backup was taken');
      await new Promise((r) => setTimeout(r, 50));
    }
    const [name] = readdirSync(dir).filter((n) => n.endsWith('.tar.enc'));
    expect((await validateBackup(join(dir, name!), { sideStores: registeredSideStores(), passphrase })).manifest.format).toBe('punchline-backup');
    const health = await http(app.baseUrl).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.backups).toMatchObject({ status: 'ok', every_seconds: 3600, age_seconds: expect.any(Number) });
  });

  it('lists backups for admins, takes one now (audited), downloads it, and keeps only BACKUP_KEEP', async () => {
    expect((await http(app.baseUrl).get('/api/admin/backups')).status).toBe(401);
    const taken = await admin.post('/api/admin/backups', {});
    expect(taken.status).toBe(201);
    expect(taken.body.backup).toMatchObject({ name: expect.stringMatching(/^punchline-backup-\d{8}T\d{9}Z\.tar\.enc$/), size: expect.any(Number) });
    const events = await app.runtime.store.readStream('backups');
    expect(events.at(-1)).toMatchObject({ type: 'BackupTaken', data: { name: taken.body.backup.name }, metadata: { actorEmail: TEST_ADMIN_EMAIL } });
    await app.runtime.projector.waitFor(await app.runtime.store.headPosition(), 5000);
    const audit = await admin.get('/api/admin/audit?limit=5');
    expect(JSON.stringify(audit.body)).toContain('BackupTaken');

    const listed = await admin.get('/api/admin/backups');
    expect(listed.status).toBe(200);
    expect(listed.body.backups[0]).toEqual({ name: taken.body.backup.name, size: taken.body.backup.size, created_at: expect.any(String) });
    expect(listed.body.status).toMatchObject({ configured: true, encrypted: true, keep: 2, status: 'ok' });

    const download = await fetch(`${app.baseUrl}/api/admin/backups/${taken.body.backup.name}/download`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${taken.body.backup.name}"`);
    const file = join(tmpdir(), `downloaded-${Date.now()}.tar.enc`);
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    expect((await validateBackup(file, { sideStores: registeredSideStores(), passphrase })).manifest.event_count).toBeGreaterThan(0);
    rmSync(file);
    expect((await admin.get('/api/admin/backups/..%2F..%2Fetc%2Fpasswd/download')).status).toBe(404);

    await admin.post('/api/admin/backups', {});
    await admin.post('/api/admin/backups', {});
    expect(readdirSync(dir).filter((n) => n.startsWith('punchline-backup-'))).toHaveLength(2);
  });

  it('says degraded once the last backup is older than twice the interval', async () => {
    const clock = app.app.get(Clock);
    const real = clock.now.bind(clock);
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(real().getTime() + 2.5 * 3_600_000));
    const status = await app.app.get(BackupService).status();
    expect(status).toMatchObject({ status: 'degraded' });
    expect(status.age_seconds).toBeGreaterThan(2 * 3600);
    const health = await http(app.baseUrl).get('/api/health');
    expect(health.body).toMatchObject({ status: 'degraded', backups: { status: 'degraded' } });
    jest.restoreAllMocks();
  });
});
