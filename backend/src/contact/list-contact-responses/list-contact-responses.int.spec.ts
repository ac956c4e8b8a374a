import { Clock } from '../../platform/event-sourcing/clock';
import { ContactResponsesReadService } from '../contact-responses.read';
import { signIn } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, type ContactApp, eventually, parseCsv, startContactApp } from '../test-support/contact-app.test-kit';

describe.each(databaseKinds())('GET /api/admin/contact-responses on %s', (kind) => {
  let s: ContactApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await startContactApp(kind);
    // Sent one after the other: created_at (and position) order is ada < bob < cy.
    ids.ada = await s.send({ name: 'Ada Lovelace', from: 'ada@example.com', message: 'Can you play our festival? 100% serious.' });
    ids.bob = await s.send({ name: 'Bob', from: 'bob@example.org', message: '=HYPERLINK("http://evil.example","click")' });
    ids.cy = await s.send({ name: 'Cy', from: 'cy@example.net', message: 'Loved the show,\nsee you in May.' });
    expect((await s.a.patch(`/api/admin/contact-responses/${ids.bob}`, { responded: true, notes: 'Ignored: spam' })).status).toBe(200);
    // No SMTP_URL here: the deliverer records 'skipped' for each; wait for it so the rows are settled.
    await eventually(async () => ((await s.events('ContactDeliveryRecorded')).length === 3 ? true : undefined), 10_000, 'three deliveries');
    await s.app.runtime.projector.waitFor(await s.app.runtime.store.headPosition(), 5_000);
  }, 60_000);
  afterAll(() => s?.close());

  const ordered = (body: { items: { id: string }[] }) => body.items.map((item) => Object.keys(ids).find((k) => ids[k] === item.id));

  it('pages the export by keyset: every match once, in order, up to the limit, whatever the page size', async () => {
    const reads = s.app.app.get(ContactResponsesReadService);
    const collect = async (filter: Parameters<ContactResponsesReadService['pages']>[0], pageSize: number) => {
      const seen: string[] = [];
      for await (const page of reads.pages(filter, pageSize)) seen.push(...page.map((item) => Object.keys(ids).find((k) => ids[k] === item.id)!));
      return seen;
    };
    const all = { limit: null, sort: 'newest', q: '', responded: null } as const;
    for (const pageSize of [1, 2, 3, 1000]) {
      expect(await collect(all, pageSize)).toEqual(['cy', 'bob', 'ada']);
      expect(await collect({ ...all, sort: 'oldest' }, pageSize)).toEqual(['ada', 'bob', 'cy']);
      expect(await collect({ ...all, limit: 2 }, pageSize)).toEqual(['cy', 'bob']);
      expect(await collect({ ...all, responded: false }, pageSize)).toEqual(['cy', 'ada']);
    }
  });

  it('answers {items, total}, newest first, with every field of a contact response', async () => {
    const res = await s.a.get('/api/admin/contact-responses');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.total).toBe(3);
    expect(ordered(res.body)).toEqual(['cy', 'bob', 'ada']);
    expect(res.body.items[2]).toEqual({
      id: ids.ada,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Can you play our festival? 100% serious.',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      responded: false,
      responded_at: null,
      responded_by: null,
      notes: '',
      delivery_status: 'skipped',
      delivery_error: 'Email delivery is not set up: messages are kept here.',
      erased_at: null,
    });
    expect(res.body.items[1]).toMatchObject({ responded: true, responded_by: 'a@example.com', notes: 'Ignored: spam' });
  });

  it('sorts oldest first, limits, and counts all matches whatever the limit', async () => {
    expect(ordered((await s.a.get('/api/admin/contact-responses?sort=oldest')).body)).toEqual(['ada', 'bob', 'cy']);
    const page = await s.b.get('/api/admin/contact-responses?sort=oldest&limit=2');
    expect([ordered(page.body), page.body.total]).toEqual([['ada', 'bob'], 3]);
  });

  it('filters by responded, as the sidebar badge asks (responded=false&limit=1 → total)', async () => {
    const badge = await s.a.get('/api/admin/contact-responses?responded=false&limit=1');
    expect([badge.body.items.length, badge.body.total]).toEqual([1, 2]);
    expect(ordered((await s.a.get('/api/admin/contact-responses?responded=true')).body)).toEqual(['bob']);
    expect(ordered((await s.a.get('/api/admin/contact-responses?responded=false')).body)).toEqual(['cy', 'ada']);
  });

  it('searches name, email, message and notes, case-insensitively and literally', async () => {
    const q = async (text: string) => ordered((await s.a.get(`/api/admin/contact-responses?q=${encodeURIComponent(text)}`)).body);
    expect(await q('LOVELACE')).toEqual(['ada']);
    expect(await q('example.org')).toEqual(['bob']);
    expect(await q('see you')).toEqual(['cy']);
    expect(await q('spam')).toEqual(['bob']);
    expect(await q('100%')).toEqual(['ada']);
    expect(await q('%')).toEqual(['ada']);
    expect(await q('_')).toEqual([]);
    expect(await q('  ')).toEqual(['cy', 'bob', 'ada']);
    // A search keeps the list's order, filter and limit, and counts every match.
    expect(await q('EXAMPLE')).toEqual(['cy', 'bob', 'ada']);
    const oldest = await s.a.get('/api/admin/contact-responses?q=example&sort=oldest&limit=2');
    expect([ordered(oldest.body), oldest.body.total]).toEqual([['ada', 'bob'], 3]);
    expect(ordered((await s.a.get('/api/admin/contact-responses?q=example&responded=false')).body)).toEqual(['cy', 'ada']);
    const none = await s.a.get('/api/admin/contact-responses?q=nobody&responded=true');
    expect(none.body).toEqual({ items: [], total: 0 });
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 500.'],
    ['limit=501', 'limit must be a whole number from 1 to 500.'],
    ['limit=ten', 'limit must be a whole number from 1 to 500.'],
    ['limit=2.5', 'limit must be a whole number from 1 to 500.'],
    ['sort=alphabetical', 'sort must be one of newest, oldest.'],
    ['responded=yes', 'responded must be true or false.'],
    ['format=xlsx', 'format must be json or csv.'],
    ['q=<201 characters>', 'q must be at most 200 characters.'],
    ['q=a&q=b', 'q must be text.'],
  ])('answers 400 with a message for %s', async (query, error) => {
    const res = await s.a.get(`/api/admin/contact-responses?${query.replace('<201 characters>', 'x'.repeat(201))}`);
    expect([res.status, res.body.error]).toEqual([400, error]);
  });

  describe('behind more messages than a search looks through', () => {
    // 20,000 older messages written straight into the read model (a year before the real ones), with
    // no words kept (as if erased): the words are sealed (DESIGN §16), so a search opens and matches
    // them in the process, through the newest 20,000 messages only, and says so. Written past the
    // projector, so the checkpoint row is moved as a batch would move it: a search keeps its window
    // until that row moves.
    const moveCheckpoint = () => s.app.db.query(`UPDATE rm.projection_checkpoints SET updated_at = clock_timestamp() WHERE name = 'contact_responses'`);
    beforeAll(async () => {
      await s.app.db.query(
        `INSERT INTO rm.contact_responses (id, created_at, responded, delivery_status, position, version)
         SELECT 'filler-' || g, now() - interval '1 year' - g * interval '1 minute', false, 'skipped', -g, -g
           FROM generate_series(1, 20000) AS g`,
      );
      await moveCheckpoint();
    }, 60_000);
    afterAll(async () => {
      await s.app.db.query(`DELETE FROM rm.contact_responses WHERE id LIKE 'filler-%'`);
      await moveCheckpoint();
    });

    it('a search looks through the newest 20,000 and says so; the list without a search counts everything', async () => {
      const short = (await s.a.get('/api/admin/contact-responses?q=%25&limit=500')).body as { items: { id: string }[]; total: number; searched_newest?: number };
      expect([ordered(short), short.total, short.searched_newest]).toEqual([['ada'], 1, 20_000]);
      const all = (await s.a.get('/api/admin/contact-responses?limit=1')).body as { total: number; searched_newest?: number };
      expect([all.total, all.searched_newest]).toEqual([20_003, undefined]);
    });
  });

  it('is for admins only: 401 without a session, 403 for a signed-in non-admin', async () => {
    expect((await s.visitor.get('/api/admin/contact-responses')).status).toBe(401);
    const member = await s.member.get('/api/admin/contact-responses');
    expect(member.status).toBe(403);
    expect(member.body.items).toBeUndefined();
    expect((await s.member.get('/api/admin/contact-responses?format=csv')).status).toBe(403);
  });

  describe('format=csv', () => {
    it('downloads every matching message as a dated file, formulas defused', async () => {
      jest.spyOn(s.app.app.get(Clock), 'now').mockReturnValue(new Date('2025-04-01T10:00:00Z'));
      const res = await s.b.get('/api/admin/contact-responses?format=csv&sort=oldest');
      jest.restoreAllMocks();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="contact-responses-2025-04-01.csv"');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = res.body as string;
      // fetch's text() drops the byte order mark; the bytes are checked in the next test.
      expect(text.startsWith('id,created_at,name,email,message,responded,responded_at,responded_by,notes,delivery_status,delivery_error,erased_at\r\n')).toBe(true);
      const rows = parseCsv(text);
      expect(rows.map((r) => r.id)).toEqual([ids.ada, ids.bob, ids.cy]);
      expect(rows[1]).toMatchObject({ name: 'Bob', message: `'=HYPERLINK("http://evil.example","click")`, responded: 'true', responded_by: 'a@example.com', notes: 'Ignored: spam' });
      expect(rows[2]!.message).toBe('Loved the show,\nsee you in May.');
      expect(rows[0]).toMatchObject({ responded: 'false', responded_at: '', responded_by: '' });
    });

    it('starts with a UTF-8 byte order mark, so spreadsheet programs read accents right', async () => {
      const cookie = await signIn(s.app.baseUrl, ADMIN_A);
      const res = await fetch(`${s.app.baseUrl}/api/admin/contact-responses?format=csv`, { headers: { cookie } });
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 5)]).toEqual([0xef, 0xbb, 0xbf, 0x69, 0x64]);
    });

    it('honours the filters, and a limit when one is given', async () => {
      const csv = async (query: string) => {
        const res = await s.a.get(`/api/admin/contact-responses?format=csv&${query}`);
        expect(res.status).toBe(200);
        return parseCsv(res.body as string).map((r) => r.name);
      };
      expect(await csv('responded=false')).toEqual(['Cy', 'Ada Lovelace']);
      expect(await csv('q=example.org')).toEqual(['Bob']);
      expect(await csv('limit=1&sort=oldest')).toEqual(['Ada Lovelace']);
      expect(await csv('q=nobody')).toEqual([]);
    });
  });
});
