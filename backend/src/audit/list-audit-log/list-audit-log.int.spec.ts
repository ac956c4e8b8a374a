import { ADMIN_A, ADMIN_B, MEMBER, type ContactApp, eventually, startContactApp } from '../../contact/test-support/contact-app.test-kit';
import { databaseKinds } from '../../test-support/test-database';

interface Item {
  id: string;
  occurred_at: string;
  actor_email: string | null;
  action: string;
  meta: unknown;
}

describe.each(databaseKinds())('GET /api/admin/audit on %s', (kind) => {
  let s: ContactApp;
  let messageId: string;

  beforeAll(async () => {
    // Sign-ins of a, b and the member are the first entries; then an allowlist change, a message and what admins did with it.
    s = await startContactApp(kind);
    expect((await s.a.put('/api/admin/allowlist', { emails: ['c@example.com'] })).status).toBe(200);
    messageId = await s.send({ name: 'Ada', from: 'ada@example.com', message: 'Book us for 50% off?' });
    // No SMTP_URL: the deliverer records 'skipped'; waiting for it keeps the order of what follows fixed.
    await eventually(async () => ((await s.events('ContactDeliveryRecorded')).length === 1 ? true : undefined));
    expect((await s.b.patch(`/api/admin/contact-responses/${messageId}`, { responded: true })).status).toBe(200);
    expect((await s.a.patch(`/api/admin/contact-responses/${messageId}`, { notes: 'Replied: no discounts_ever' })).status).toBe(200);
    await s.app.runtime.projector.waitFor(await s.app.runtime.store.headPosition(), 5_000);
  }, 60_000);
  afterAll(() => s?.close());

  const audit = async (query = '') => {
    const res = await s.a.get(`/api/admin/audit${query}`);
    expect(res.status).toBe(200);
    return res.body as { items: Item[]; actors: string[]; actions: string[]; searched_newest?: number };
  };

  it('lists every event newest first, with the actors and actions of the whole log', async () => {
    const body = await audit();
    const all = await s.events();
    expect(body.items).toHaveLength(all.length);
    expect(body.items.map((i) => i.id)).toEqual(all.map((e) => e.eventId).reverse());
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      position: all.at(-1)!.globalPosition,
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor_email: ADMIN_A,
      action: 'ResponseNotesEdited',
      // The notes stay in the privacy store: the log and its audit entry hold a reference (DESIGN §16).
      meta: { messageId, notes: { recordId: expect.any(String), digest: expect.stringMatching(/^[0-9a-f]{64}$/) } },
      summary: 'Edited the notes on a message',
    });
    // 'Content changes only' leaves out sign-ins and deliveries (issue 10).
    const content = (await s.a.get('/api/admin/audit?content=1&limit=500')).body as { items: { action: string }[] };
    expect(content.items.length).toBeGreaterThan(0);
    expect(content.items.some((i) => ['AdminSignedIn', 'AdminSignInDenied', 'ContactDeliveryRecorded'].includes(i.action))).toBe(false);
    expect((await s.a.get('/api/admin/audit?content=maybe')).status).toBe(400);
    // The member's refused sign-in is theirs too.
    expect(body.actors).toEqual([ADMIN_A, ADMIN_B, MEMBER]);
    expect(body.actions).toEqual(['AdminSignInDenied', 'AdminSignedIn', 'AllowlistChanged', 'ContactDeliveryRecorded', 'ContactMessageReceived', 'ResponseMarked', 'ResponseNotesEdited']);
  });

  it('filters by actor and by action, oldest first with direction=asc', async () => {
    const byB = await audit(`?actor=${encodeURIComponent(ADMIN_B)}`);
    expect(byB.items.map((i) => i.action)).toEqual(['ResponseMarked', 'AdminSignedIn']);
    expect(byB.actors).toEqual([ADMIN_A, ADMIN_B, MEMBER]);
    const marks = await audit('?action=ResponseMarked');
    expect(marks.items).toEqual([expect.objectContaining({ actor_email: ADMIN_B, meta: expect.objectContaining({ messageId, responded: true, respondedBy: ADMIN_B }) })]);
    const signIns = await audit('?action=AdminSignedIn&direction=asc');
    expect(signIns.items.map((i) => i.actor_email)).toEqual([ADMIN_A, ADMIN_B]);
    expect((await audit(`?actor=${encodeURIComponent(ADMIN_B)}&action=AllowlistChanged`)).items).toEqual([]);
    expect((await audit('?actor=&action=')).items.length).toBe((await audit()).items.length);
  });

  it('searches action, actor and meta text, case-insensitively and literally', async () => {
    const actions = async (q: string) => (await audit(`?q=${encodeURIComponent(q)}`)).items.map((i) => i.action);
    // A message's words and notes are not in the log, so the audit search cannot find them (DESIGN §16).
    expect(await actions('DISCOUNTS_EVER')).toEqual([]);
    expect(await actions('50%')).toEqual([]);
    expect(await actions('digest')).toEqual(['ResponseNotesEdited', 'ContactMessageReceived']);
    expect(await actions('c@example.com')).toEqual(['AllowlistChanged']);
    expect(await actions('allowlistchanged')).toEqual(['AllowlistChanged']);
    expect(await actions('b@example')).toEqual(['ResponseMarked', 'AdminSignedIn']);
    expect(await actions('not_allowlisted')).toEqual(['AdminSignInDenied']);
    // A log shorter than the window is searched whole, and the answer does not say otherwise.
    expect((await audit('?q=_')).searched_newest).toBeUndefined();
    expect(await actions('no such thing')).toEqual([]);
  });

  it('limits the rows (default 100) and answers 400 with a message for bad parameters', async () => {
    expect((await audit('?limit=2')).items.map((i) => i.action)).toEqual(['ResponseNotesEdited', 'ResponseMarked']);
    expect((await audit('?limit=1&direction=asc')).items.map((i) => i.action)).toEqual(['AdminSignedIn']);
    for (const [query, error] of [
      ['limit=0', 'limit must be a whole number from 1 to 500.'],
      ['limit=501', 'limit must be a whole number from 1 to 500.'],
      ['limit=lots', 'limit must be a whole number from 1 to 500.'],
      ['direction=up', 'direction must be asc or desc.'],
      ['actor=a&actor=b', 'actor must be text.'],
      [`q=${'q'.repeat(201)}`, 'q must be at most 200 characters.'],
      [`action=${'a'.repeat(101)}`, 'action must be at most 100 characters.'],
    ] as const) {
      const res = await s.a.get(`/api/admin/audit?${query}`);
      expect([query.slice(0, 20), res.status, res.body.error]).toEqual([query.slice(0, 20), 400, error]);
    }
  });

  it('treats quotes and SQL in the filters as text', async () => {
    expect((await audit(`?actor=${encodeURIComponent("' OR 1=1 --")}`)).items).toEqual([]);
    expect((await audit(`?q=${encodeURIComponent("'); DROP TABLE rm.audit_log; --")}`)).items).toEqual([]);
    expect((await audit()).items.length).toBeGreaterThan(5);
  });

  describe('behind more entries than a search without the index looks through', () => {
    // 20,000 older entries written straight into the read model (below position 1, so the log's own
    // rows stay the newest); the oldest holds an underscore, like the newest real entry does.
    beforeAll(async () => {
      await s.app.db.query(
        `INSERT INTO rm.audit_log (position, event_id, stream_id, occurred_at, actor_email, action, meta)
         SELECT -g, gen_random_uuid(), 'filler', now(), NULL, 'Filler', jsonb_build_object('note', CASE WHEN g = 20000 THEN 'oldest_filler' ELSE 'filler' END)
           FROM generate_series(1, 20000) AS g`,
      );
    }, 60_000);
    afterAll(() => s.app.db.query(`DELETE FROM rm.audit_log WHERE stream_id = 'filler'`));

    it('a search read in position ranges side by side comes back in one order, newest or oldest first, up to the limit', async () => {
      // Far above the log's own positions, so the ranges (newest 25,000, next 75,000, next 300,000, rest) all hold some.
      await s.app.db.query(
        `INSERT INTO rm.audit_log (position, event_id, stream_id, occurred_at, actor_email, action, meta)
         SELECT p, gen_random_uuid(), 'filler', now(), NULL, 'Filler', jsonb_build_object('note', 'range probe')
           FROM unnest(ARRAY[500000, 480000, 450000, 120000, 30000]::bigint[]) AS p`,
      );
      const positions = async (query: string) => ((await s.a.get(`/api/admin/audit?q=range%20probe${query}`)).body as { items: Item[] }).items.map((i) => i.position);
      expect(await positions('')).toEqual([500000, 480000, 450000, 120000, 30000]);
      expect(await positions('&direction=asc')).toEqual([30000, 120000, 450000, 480000, 500000]);
      expect(await positions('&limit=2')).toEqual([500000, 480000]);
      expect(await positions('&limit=2&direction=asc')).toEqual([30000, 120000]);
      expect(await positions('&action=Nothing')).toEqual([]);
    });

    it('a search with no three letters or digits in a row looks through the newest 20,000 and says so; one with them searches everything', async () => {
      const short = (await s.a.get('/api/admin/audit?q=_&limit=500')).body as { items: Item[]; searched_newest?: number };
      expect(short.searched_newest).toBe(20_000);
      expect(short.items.map((i) => i.action)).toContain('AdminSignInDenied');
      expect(short.items.some((i) => i.position === -20_000)).toBe(false);
      const indexed = (await s.a.get('/api/admin/audit?q=oldest_filler')).body as { items: Item[]; searched_newest?: number };
      expect([indexed.items.map((i) => i.position), indexed.searched_newest]).toEqual([[-20_000], undefined]);
    });
  });

  it('is for admins only: 401 without a session, 403 for a signed-in non-admin', async () => {
    expect((await s.visitor.get('/api/admin/audit')).status).toBe(401);
    const member = await s.member.get('/api/admin/audit');
    expect([member.status, member.body.items]).toEqual([403, undefined]);
  });
});
