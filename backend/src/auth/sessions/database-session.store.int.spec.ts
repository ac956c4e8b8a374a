import type { SessionData } from 'express-session';
import { migrate } from '../../platform/database/migrations';
import { type TestDatabase, createTestDatabase, databaseKinds } from '../../test-support/test-database';
import { DatabaseSessionStore } from './database-session.store';
import { sessionsMigration } from './sessions.migration';

const call = <T>(fn: (cb: (err?: unknown, value?: T) => void) => void): Promise<T | undefined> =>
  new Promise((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));

function sessionUntil(expires: Date, email = 'ann@example.com'): SessionData {
  return { cookie: { originalMaxAge: 60_000, expires, httpOnly: true, path: '/' }, user: { email, name: null, picture: null } } as SessionData;
}

describe.each(databaseKinds())('DatabaseSessionStore (%s)', (kind) => {
  let tdb: TestDatabase;
  let now: Date;
  let store: DatabaseSessionStore;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    await migrate(tdb.db, [sessionsMigration]);
    now = new Date('2025-04-01T12:00:00Z');
    store = new DatabaseSessionStore(tdb.db, { fallbackTtlMs: () => 60_000, now: () => now });
  }, 60_000);
  afterAll(async () => {
    await tdb?.drop();
  }, 60_000);

  it('keeps a session until its cookie expiry and not a moment longer', async () => {
    await call((cb) => store.set('a', sessionUntil(new Date(now.getTime() + 60_000)), cb));
    expect((await call<SessionData | null>((cb) => store.get('a', cb)))?.user?.email).toBe('ann@example.com');
    now = new Date(now.getTime() + 60_000);
    expect(await call((cb) => store.get('a', cb))).toBeNull();
  });

  it('touch moves the expiry forward, but cannot revive an expired session', async () => {
    await call((cb) => store.set('b', sessionUntil(new Date(now.getTime() + 60_000)), cb));
    now = new Date(now.getTime() + 50_000);
    await call((cb) => store.touch('b', sessionUntil(new Date(now.getTime() + 60_000)), cb));
    now = new Date(now.getTime() + 50_000);
    expect(await call((cb) => store.get('b', cb))).not.toBeNull();
    now = new Date(now.getTime() + 11_000);
    expect(await call((cb) => store.get('b', cb))).toBeNull();
    await call((cb) => store.touch('b', sessionUntil(new Date(now.getTime() + 60_000)), cb));
    expect(await call((cb) => store.get('b', cb))).toBeNull();
  });

  it('destroy removes the row; prune deletes only expired rows', async () => {
    await call((cb) => store.set('c', sessionUntil(new Date(now.getTime() + 60_000)), cb));
    await call((cb) => store.set('d', sessionUntil(new Date(now.getTime() + 60_000)), cb));
    await call((cb) => store.destroy('c', cb));
    expect(await call((cb) => store.get('c', cb))).toBeNull();
    expect(await call<number>((cb) => store.length(cb))).toBe(1);
    expect(await store.prune()).toBe(2);
    expect(await call((cb) => store.get('d', cb))).not.toBeNull();
  });
});
