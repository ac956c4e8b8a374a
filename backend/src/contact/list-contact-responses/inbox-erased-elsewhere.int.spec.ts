import { http, startTestApp } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, ADMIN_B, type ContactApp, startContactApp } from '../test-support/contact-app.test-kit';

/**
 * Each instance keeps the words it opened (OpenedRecordsCache). An erasure carried out through
 * another instance must still read as erased here at once: the read model stops naming the records
 * in the transaction that deletes them, and the cache is only asked for records the row names.
 */
describe.each(databaseKinds())('the inbox after an erasure through another instance, on %s', (kind) => {
  let s: ContactApp;

  beforeAll(async () => {
    s = await startContactApp(kind);
  }, 60_000);
  afterAll(() => s?.close());

  it('shows the message erased, a search no longer finds its words, and finds what changed since', async () => {
    const kept = await s.send({ name: 'Kim Keeps', from: 'kim@example.com', message: 'kept-violet-2207' });
    const gone = await s.send({ name: 'Gil Goes', from: 'gil@example.com', message: 'erased-amber-6614' });
    // This instance opens (and keeps) both messages' words.
    const before = (await s.a.get('/api/admin/contact-responses?q=-')).body as { items: { id: string; message: string }[] };
    expect(before.items.map((i) => [i.id, i.message])).toEqual([
      [gone, 'erased-amber-6614'],
      [kept, 'kept-violet-2207'],
    ]);

    const other = await startTestApp({ sharedWith: s.app, env: { ADMIN_EMAILS: `${ADMIN_A},${ADMIN_B}` } });
    try {
      const erased = await http(other.baseUrl, s.cookies.b).post('/api/admin/privacy/erase', { email: 'gil@example.com' });
      expect([erased.status, erased.body]).toEqual([200, { erased: { messages: 1 } }]);
    } finally {
      await other.close();
    }

    expect(((await s.a.get('/api/admin/contact-responses?q=amber')).body as { total: number }).total).toBe(0);
    const after = (await s.a.get('/api/admin/contact-responses')).body as { items: { id: string; name: string; email: string; message: string; erased_at: string | null }[] };
    expect(after.items.find((i) => i.id === gone)).toMatchObject({ name: '', email: '', message: '', erased_at: expect.any(String) });
    expect(after.items.find((i) => i.id === kept)).toMatchObject({ name: 'Kim Keeps', message: 'kept-violet-2207', erased_at: null });

    // A search keeps the window it read until the read model changes: a new message, a changed flag.
    const search = async (query: string) => ((await s.a.get(`/api/admin/contact-responses?${query}`)).body as { items: { id: string }[] }).items.map((i) => i.id);
    expect(await search('q=violet&responded=true')).toEqual([]);
    const later = await s.send({ name: 'Lou Later', from: 'lou@example.com', message: 'later-teal-9090' });
    expect(await search('q=teal')).toEqual([later]);
    expect((await s.a.patch(`/api/admin/contact-responses/${kept}`, { responded: true })).status).toBe(200);
    expect(await search('q=violet&responded=true')).toEqual([kept]);
  });
});
