import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnCli, type CliProcess } from '../cli/test-support/cli-process';
import { phonePhoto } from '../media/test-support/photo-fixture';
import { type TestS3Server, startTestS3Server } from '../media/test-support/s3-server';
import { type OAuthServer, startOAuthServer } from '../test-support/oauth-server';
import { TEST_ADMIN_EMAIL, freePort, signIn } from '../test-support/test-app';
import { type TestDatabase, createTestDatabase, postgresUrl } from '../test-support/test-database';

/**
 * Issue 30 acceptance (DESIGN §18): three app instances (real child processes) on one PostgreSQL
 * database and one S3 (s3rver), behind Debian's nginx running README's configuration
 * (infra/nginx/punchline.conf with this test's ports put in), and no SESSION_SECRET.
 */
const NGINX = '/usr/sbin/nginx';
const NGINX_CONF = resolve(__dirname, '../../../infra/nginx/punchline.conf');
const describeIf = postgresUrl() ? describe : describe.skip;
if (!postgresUrl()) process.stderr.write('several-instances.int.spec: skipped, it needs PostgreSQL (set DATABASE_URL)\n');

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(probe: () => Promise<T | null | undefined>, what: string, timeoutMs: number, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(everyMs);
  }
}

interface Instance {
  name: string;
  url: string;
  process: CliProcess;
}

interface Health {
  storage: { kind: string; id: string };
  reactors: Record<string, { leader: boolean }>;
}

/** The nginx configuration of README with this test's ports: the file itself, not a copy of it. */
function nginxConfig(dir: string, listenPort: number, upstreamPorts: number[]): string {
  const site = readFileSync(NGINX_CONF, 'utf8');
  expect(site).toMatch(/^\s*listen 80;$/m);
  expect(site.match(/^\s*server 127\.0\.0\.1:\d+;$/gm)).toHaveLength(3);
  let n = 0;
  const templated = site
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`)
    .replace(/^(\s*)server 127\.0\.0\.1:\d+;$/gm, (_line, indent: string) => `${indent}server 127.0.0.1:${upstreamPorts[n++]};`);
  writeFileSync(join(dir, 'punchline.conf'), templated);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp), { recursive: true });
  // What Debian's /etc/nginx/nginx.conf provides around conf.d/, for a user without root.
  const main = `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/punchline.conf;
}
`;
  writeFileSync(join(dir, 'nginx.conf'), main);
  return join(dir, 'nginx.conf');
}

/** Reads the settings event stream's `lock` and `snapshots` messages as they arrive. */
function settingsEvents(res: Response): { next(name: 'lock' | 'snapshots', predicate: (data: any) => boolean, timeoutMs: number): Promise<number>; close(): void } {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const seen = { lock: [] as Array<{ data: unknown; at: number }>, snapshots: [] as Array<{ data: unknown; at: number }> };
  const from = { lock: 0, snapshots: 0 };
  const waiters = new Set<() => void>();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message = /^event: (lock|snapshots)\ndata: (.*)$/m.exec(block);
        if (message) {
          const data = JSON.parse(message[2]!) as Record<string, unknown>;
          if (message[1] === 'lock') seen.lock.push({ data: data.lock, at: Date.now() });
          else seen.snapshots.push({ data, at: Date.now() });
        }
        for (const w of [...waiters]) w();
      }
    }
  })();
  return {
    /** Resolves with the arrival time of the next `name` event (after those already taken) whose data (for `lock`, the lock) matches. */
    next(name, predicate, timeoutMs) {
      return new Promise((resolveNext, reject) => {
        const check = (): void => {
          for (; from[name] < seen[name].length; from[name]++) {
            if (predicate(seen[name][from[name]]!.data)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolveNext(seen[name][from[name]++]!.at);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such ${name} event in time`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => void reader.cancel().catch(() => undefined),
  };
}

describeIf('several instances behind nginx on one PostgreSQL and one S3 (issue 30)', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let oauth: OAuthServer;
  let nginx: ChildProcess;
  let publicUrl: string;
  let baseEnv: Record<string, string>;
  const dirs: string[] = [];
  const instances: Instance[] = [];
  let cookie: string;
  /** What was measured, printed at the end (the figures). */
  const figures: Record<string, number[]> = {};
  const note = (name: string, value: number) => (figures[name] ??= []).push(value);

  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };

  /** A request straight to one instance, as a browser on the public origin would send it. */
  async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: { origin: publicUrl, accept: 'application/json', ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  const health = async (instance: Instance): Promise<Health> => (await call(instance.url, 'GET', '/api/health')).body as Health;

  async function events(type: string): Promise<Array<{ data: any; metadata: any }>> {
    const { rows } = await database.db.query<{ data: unknown; metadata: unknown }>('SELECT data, metadata FROM es.events WHERE type = $1 ORDER BY global_position', [type]);
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    return rows.map((r) => ({ data: json(r.data), metadata: json(r.metadata) }));
  }

  async function startInstance(name: string, env: Record<string, string> = {}): Promise<{ process: CliProcess; port: number }> {
    const port = await freePort();
    const child = spawnCli([], { ...baseEnv, PORT: String(port), DATA_DIR: tempDir(`punchline-${name}-`), ...env }, 'main');
    return { process: child, port };
  }

  async function launch(name: string): Promise<Instance> {
    const { process: child, port } = await startInstance(name);
    await child.waitForLine(/Punchline listening/, 90_000);
    const instance = { name, url: `http://127.0.0.1:${port}`, process: child };
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: run infra/ci/ensure-nginx.sh (Debian's nginx)`);
    [database, s3, oauth] = await Promise.all([createTestDatabase('postgres', 3), startTestS3Server(), startOAuthServer()]);
    const nginxPort = await freePort();
    publicUrl = `http://127.0.0.1:${nginxPort}`;
    baseEnv = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: publicUrl,
      DATABASE_URL: database.url!,
      ADMIN_EMAILS: TEST_ADMIN_EMAIL,
      // No SESSION_SECRET: the instances share the database's.
      SESSION_SECRET: '',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      ...s3.env,
      ...oauth.env,
    };
    // The first instance creates the schema and marks the bucket; it leads the reactors and the projector.
    await launch('a');
    await Promise.all([launch('b'), launch('c')]);
    const conf = nginxConfig(tempDir('punchline-nginx-'), nginxPort, instances.map((i) => Number(new URL(i.url).port)));
    nginx = spawn(NGINX, ['-e', join(conf, '..', 'error.log'), '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    await until(async () => (await fetch(`${publicUrl}/api/health`)).status === 200, 'nginx', 10_000);
    cookie = await signIn(instances[0]!.url, TEST_ADMIN_EMAIL);
  }, 180_000);

  afterAll(async () => {
    process.stderr.write(`several instances, measured (ms): ${JSON.stringify(figures)}\n`);
    nginx?.kill('SIGTERM');
    for (const instance of instances) {
      instance.process.child.kill('SIGTERM');
      await instance.process.exited;
    }
    await oauth?.stop();
    await s3?.stop();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('shares one storage identity, and a session from one instance works on every other with no SESSION_SECRET', async () => {
    const healths = await Promise.all(instances.map(health));
    expect(new Set(healths.map((h) => `${h.storage.kind} ${h.storage.id}`)).size).toBe(1);
    expect(healths[0]!.storage.kind).toBe('s3');
    for (const instance of instances) expect((await call(instance.url, 'GET', '/api/settings/schedules')).status).toBe(200);
    const anonymous = await fetch(`${instances[1]!.url}/api/settings/schedules`, { headers: { accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
  });

  it('refuses to start an instance on a local folder, naming both storages', async () => {
    const { process: refused } = await startInstance('local', { STORAGE: 'local' });
    const { code } = await refused.exited;
    expect(code).toBe(1);
    const { id } = (await health(instances[0]!)).storage;
    expect(refused.output()).toMatch(new RegExp(`this instance's media storage \\(local folder .+\\) has no library marker, but the database's media library is ${id} in S3 bucket media at ${s3.endpoint}`));
  }, 90_000);

  /** A schedule made on each of `on`, 3 s ahead and 0.7 s apart: each runs once, at most 2 s late. */
  async function scheduleOnEach(on: Instance[], figure: string): Promise<void> {
    const made: Array<{ id: string; at: string }> = [];
    const start = Date.now();
    for (const [n, instance] of on.entries()) {
      const at = new Date(start + 3_000 + n * 700).toISOString();
      const res = await call(instance.url, 'POST', '/api/settings/schedule', { at });
      expect(res.status).toBe(201);
      made.push({ id: res.body.schedule.id, at });
    }
    const published = await until(
      async () => {
        const all = await events('Published');
        const mine = made.map((m) => all.filter((e) => e.data.schedule?.scheduleId === m.id));
        return mine.every((list) => list.length > 0) ? mine : null;
      },
      'the scheduled publishes',
      15_000,
    );
    for (const [n, list] of published.entries()) {
      expect(list).toHaveLength(1);
      const lateMs = Date.parse(list[0]!.metadata.occurredAt) - Date.parse(made[n]!.at);
      note(figure, lateMs);
      expect(lateMs).toBeLessThanOrEqual(2_000);
    }
  }

  it('runs a schedule made on each instance at most 2 s late, once', async () => {
    await scheduleOnEach(instances, 'schedule late');
  }, 60_000);

  it('after the database ended every session (a restart or a failover, as the instances see it): one scheduler leader in health, and a schedule made on each other instance runs at most 2 s late (they listen again)', async () => {
    await database.db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    for (const instance of instances) await until(async () => (await fetch(`${instance.url}/api/health`)).status === 200, `${instance.name} healthy again`, 15_000);
    // Leadership is taken again within a second; let the reactors settle into their 30 s wait.
    await new Promise((r) => setTimeout(r, 3_000));
    // Made only where the scheduler does not run, so nothing but the leader's LISTEN can wake it.
    // (Before the instances listened again, a leader whose lock died with its session also went on
    // claiming it in health until its next pass, 30 s later; LISTEN_RESUMED wakes it to find out.)
    const healths = await Promise.all(instances.map(health));
    const others = instances.filter((_, n) => !healths[n]!.reactors.ScheduledPublisher?.leader);
    expect(others).toHaveLength(instances.length - 1);
    await scheduleOnEach(others, 'schedule late after the sessions ended');
  }, 60_000);

  it('serves an upload on any instance with its variants from every instance within 5 s, never caching the stand-in', async () => {
    const photo = await phonePhoto({ width: 800, height: 600 });
    for (const [n, instance] of instances.entries()) {
      const form = new FormData();
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), `stage-${n}.jpg`);
      const res = await fetch(`${instance.url}/api/storage/upload?duplicate=keep`, { method: 'POST', body: form, headers: { origin: publicUrl, cookie } });
      expect(res.status).toBe(201);
      const { item } = (await res.json()) as { item: { path: string } };
      const uploadedAt = Date.now();
      const url = `/api/storage/proxy?bucket=media&path=${encodeURIComponent(item.path)}&w=320&format=webp`;
      const servedAfter = await Promise.all(
        instances.map((server) =>
          until(
            async () => {
              const answer = await fetch(`${server.url}${url}`);
              await answer.arrayBuffer();
              if (answer.status !== 200) return null;
              if (answer.headers.get('content-type') === 'image/webp') return Date.now() - uploadedAt;
              // The file itself while the variant is being made: nobody may keep it.
              expect(answer.headers.get('cache-control')).toBe('no-store');
              return null;
            },
            `${item.path}'s variant on instance ${server.name}`,
            8_000,
          ),
        ),
      );
      for (const ms of servedAfter) {
        note('variant served after upload', ms);
        expect(ms).toBeLessThanOrEqual(5_000);
      }
      // The file's second step (fallback format, AVIF: seconds on this machine) is not preempted by
      // the next upload's first one; let it end so each upload times the wake-up and its WebP.
      await until(async () => (await events('MediaImageVariantsAdded')).some((e) => e.data.path === item.path), `${item.path}'s second step`, 30_000, 200);
    }
  }, 90_000);

  it('holds the contact limit across all three instances', async () => {
    const message = { name: 'Ada Lovelace', from: 'ada@example.com', message: 'Could you play our office party?' };
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await call(instances[n % 3]!.url, 'POST', '/api/contact', message, { 'x-forwarded-for': '203.0.113.30' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    for (const instance of instances) expect((await call(instance.url, 'POST', '/api/contact', message, { 'x-forwarded-for': '203.0.113.30' })).status).toBe(429);
    // Through nginx, which puts the client's own address in X-Forwarded-For: still one visitor.
    const viaNginx = [];
    for (let n = 0; n < 6; n++) viaNginx.push((await call(publicUrl, 'POST', '/api/contact', message, { 'x-forwarded-for': `198.51.100.${n}` })).status);
    expect(viaNginx).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("reports a lock's release and a snapshot saved or deleted on another instance through nginx's event stream within 1 s", async () => {
    const res = await fetch(`${publicUrl}/api/settings/lock/events`, { headers: { accept: 'text/event-stream', cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = settingsEvents(res);
    try {
      await stream.next('lock', (lock) => lock === null, 5_000);
      let count = -1;
      await stream.next(
        'snapshots',
        (state: { count: number }) => {
          count = state.count;
          return true;
        },
        5_000,
      );
      // Whichever instance nginx chose for the stream, two of these three run elsewhere.
      for (const instance of instances) {
        expect((await call(instance.url, 'POST', '/api/settings/lock/acquire', { ttlSeconds: 300 })).status).toBe(200);
        await stream.next('lock', (lock) => lock !== null, 5_000);
        // Timed from the request: its answer waits for the projector, the stream may hear it first.
        const releasedAt = Date.now();
        const released = await call(instance.url, 'POST', '/api/settings/lock/release', {});
        expect(released.status).toBe(200);
        const heardAfter = (await stream.next('lock', (lock) => lock === null, 5_000)) - releasedAt;
        note('lock release heard through nginx', heardAfter);
        expect(heardAfter).toBeLessThanOrEqual(1_000);
        // Snapshots (no lock needed): another admin's open list follows a save and a delete made on any instance.
        const savedAt = Date.now();
        const saved = await call(instance.url, 'POST', '/api/settings/versions', { label: `On ${instance.url}`, stage: 'draft' });
        expect(saved.status).toBe(201);
        const savedHeard = (await stream.next('snapshots', (state: { count: number }) => state.count === count + 1, 5_000)) - savedAt;
        const deletedAt = Date.now();
        expect((await call(instance.url, 'DELETE', `/api/settings/versions/${(saved.body.version as { id: string }).id}`)).status).toBe(200);
        const deletedHeard = (await stream.next('snapshots', (state: { count: number }) => state.count === count, 5_000)) - deletedAt;
        note('snapshot save and delete heard through nginx', Math.max(savedHeard, deletedHeard));
        expect(Math.max(savedHeard, deletedHeard)).toBeLessThanOrEqual(1_000);
      }
    } finally {
      stream.close();
    }
  }, 60_000);

  it('hands the reactors to another instance within 2 s when the one running them is killed, doing nothing twice', async () => {
    const before = await Promise.all(instances.map(health));
    const leaderIndex = before.findIndex((h) => h.reactors.ScheduledPublisher?.leader);
    expect(leaderIndex).toBeGreaterThanOrEqual(0);
    const leader = instances[leaderIndex]!;
    const others = instances.filter((i) => i !== leader);

    // Work under way when it dies: two schedules due just after, and an upload waiting for its variants.
    const start = Date.now();
    const made: Array<{ id: string; at: string }> = [];
    for (const [n, offset] of [2_500, 4_000].entries()) {
      const at = new Date(start + offset).toISOString();
      const res = await call(others[n]!.url, 'POST', '/api/settings/schedule', { at });
      expect(res.status).toBe(201);
      made.push({ id: res.body.schedule.id, at });
    }
    const form = new FormData();
    form.append('file', new Blob([await phonePhoto({ width: 1200, height: 900 })], { type: 'image/jpeg' }), 'takeover.jpg');
    const uploaded = await fetch(`${others[0]!.url}/api/storage/upload?duplicate=keep`, { method: 'POST', body: form, headers: { origin: publicUrl, cookie } });
    expect(uploaded.status).toBe(201);
    const { item } = (await uploaded.json()) as { item: { path: string } };

    leader.process.child.kill('SIGKILL');
    const killedAt = Date.now();
    await leader.process.exited;
    instances.splice(leaderIndex, 1);
    const tookOver = await until(
      async () => {
        const healths = await Promise.all(others.map(health));
        const leads = ['ScheduledPublisher', 'MediaImagesReactor', 'ContactDeliveryReactor'].every((name) => healths.some((h) => h.reactors[name]?.leader));
        return leads ? Date.now() - killedAt : null;
      },
      'another instance to lead every reactor',
      5_000,
    );
    note('reactors taken over after kill', tookOver);
    expect(tookOver).toBeLessThanOrEqual(2_000);

    const published = await until(
      async () => {
        const all = await events('Published');
        const mine = made.map((m) => all.filter((e) => e.data.schedule?.scheduleId === m.id));
        return mine.every((list) => list.length > 0) ? mine : null;
      },
      'the schedules due after the kill',
      15_000,
    );
    for (const [n, list] of published.entries()) {
      expect(list).toHaveLength(1);
      const lateMs = Date.parse(list[0]!.metadata.occurredAt) - Date.parse(made[n]!.at);
      note('schedule late after kill', lateMs);
      expect(lateMs).toBeLessThanOrEqual(2_000);
    }
    await until(async () => (await events('MediaImageProcessed')).some((e) => e.data.path === item.path), 'the upload made before the kill to get its variants', 20_000);

    // Nothing done twice over the whole run: one publish per schedule, one processing per file, one delivery per message.
    await delay(1_000);
    const count = (values: string[]) => Math.max(...[...values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<string, number>()).values()]);
    expect(count((await events('Published')).filter((e) => e.data.schedule).map((e) => e.data.schedule.scheduleId))).toBe(1);
    expect(count((await events('MediaImageProcessed')).map((e) => e.data.path))).toBe(1);
    const deliveries = (await events('ContactDeliveryRecorded')).map((e) => JSON.stringify(e.metadata.causationId));
    if (deliveries.length > 0) expect(count(deliveries)).toBe(1);
  }, 90_000);
});
