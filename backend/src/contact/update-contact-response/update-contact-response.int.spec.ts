import { randomUUID } from 'node:crypto';
import { http, startTestApp } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';
import { ADMIN_A, ADMIN_B, type ContactApp, startContactApp } from '../test-support/contact-app.test-kit';

describe.each(databaseKinds())('PATCH /api/admin/contact-responses/:id on %s', (kind) => {
  let s: ContactApp;
  let id: string;
  const path = () => `/api/admin/contact-responses/${id}`;
  const inboxEvents = async () => (await s.events()).filter((e) => e.type === 'ResponseMarked' || e.type === 'ResponseNotesEdited');

  beforeAll(async () => {
    s = await startContactApp(kind);
  }, 60_000);
  afterAll(() => s?.close());
  beforeEach(async () => {
    id = await s.send({ name: 'Ada Lovelace', from: 'ada@example.com', message: 'Can you play our festival?' });
  });

  it('marks a message responded, naming the admin and the time, and answers {item}', async () => {
    const res = await s.a.patch(path(), { responded: true });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ id, name: 'Ada Lovelace', responded: true, responded_by: ADMIN_A, notes: '' });
    expect(Date.now() - Date.parse(res.body.item.responded_at)).toBeLessThan(60_000);
    // The other admin reads it at once (read-your-writes for everyone after the answer).
    const listed = await s.b.get('/api/admin/contact-responses?responded=true');
    expect(listed.body.items.map((i: { id: string }) => i.id)).toContain(id);
    const [event] = (await inboxEvents()).filter((e) => (e.data as { messageId: string }).messageId === id);
    expect(event).toMatchObject({ type: 'ResponseMarked', streamId: `contact-${id}`, metadata: { actorEmail: ADMIN_A }, data: { messageId: id, responded: true, respondedBy: ADMIN_A } });
  });

  it('sets it back to awaiting reply (clearing who and when); marking it as it already is records nothing', async () => {
    await s.a.patch(path(), { responded: true });
    const before = (await inboxEvents()).length;
    const again = await s.b.patch(path(), { responded: true });
    expect(again.status).toBe(200);
    expect(again.body.item).toMatchObject({ responded: true, responded_by: ADMIN_A });
    expect((await inboxEvents()).length).toBe(before);
    const back = await s.b.patch(path(), { responded: false });
    expect(back.body.item).toMatchObject({ responded: false, responded_at: null, responded_by: null });
    expect((await inboxEvents()).at(-1)).toMatchObject({ type: 'ResponseMarked', metadata: { actorEmail: ADMIN_B }, data: { responded: false } });
  });

  it('edits notes (5,000 characters at most), and unchanged notes record nothing', async () => {
    const saved = await s.b.patch(path(), { notes: 'Called back.\r\nBooked for May.' });
    expect(saved.status).toBe(200);
    expect(saved.body.item).toMatchObject({ notes: 'Called back.\nBooked for May.', responded: false });
    const before = (await inboxEvents()).length;
    expect((await s.a.patch(path(), { notes: 'Called back.\nBooked for May.' })).status).toBe(200);
    expect((await inboxEvents()).length).toBe(before);
    expect((await s.a.patch(path(), { notes: 'n'.repeat(5000) })).body.item.notes).toHaveLength(5000);
    const tooLong = await s.a.patch(path(), { notes: 'n'.repeat(5001) });
    expect([tooLong.status, tooLong.body.error]).toEqual([400, 'Notes must be at most 5,000 characters.']);
    expect((await s.a.patch(path(), { notes: '' })).body.item.notes).toBe('');
  });

  it('takes both at once, recorded together', async () => {
    const res = await s.a.patch(path(), { responded: true, notes: 'Replied by phone' });
    expect(res.body.item).toMatchObject({ responded: true, notes: 'Replied by phone' });
    const mine = (await inboxEvents()).filter((e) => e.streamId === `contact-${id}`);
    expect(mine.map((e) => e.type)).toEqual(['ResponseMarked', 'ResponseNotesEdited']);
    expect(mine[0]!.metadata.correlationId).toBe(mine[1]!.metadata.correlationId);
  });

  it.each([
    ['neither field', {}, 'Send {responded: true|false} or {notes: "…"}.'],
    ['only unknown fields', { done: true }, 'Send {responded: true|false} or {notes: "…"}.'],
    ['responded as text', { responded: 'true' }, 'responded must be true or false.'],
    ['responded as null', { responded: null }, 'responded must be true or false.'],
    ['notes as a number', { notes: 42 }, 'notes must be text.'],
    ['notes as null', { notes: null }, 'notes must be text.'],
    ['a good field beside a bad one', { responded: true, notes: ['x'] }, 'notes must be text.'],
  ])('answers 400 for %s and records nothing', async (_label, body, error) => {
    const before = (await inboxEvents()).length;
    const res = await s.a.patch(path(), body);
    expect([res.status, res.body.error]).toEqual([400, error]);
    expect((await inboxEvents()).length).toBe(before);
  });

  it('answers 400, not 500, for a body that is not a JSON object', async () => {
    expect((await s.a.request('PATCH', path(), [{ responded: true }])).status).toBe(400);
    const broken = await s.a.request('PATCH', path(), undefined, { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
  });

  it('answers 404 for an unknown message and for an id that is not a message id', async () => {
    const unknown = await s.a.patch(`/api/admin/contact-responses/${randomUUID()}`, { responded: true });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Contact response not found.']);
    expect((await s.a.patch('/api/admin/contact-responses/site', { responded: true })).status).toBe(404);
    expect((await s.a.patch('/api/admin/contact-responses/..%2F..%2Fsite', { notes: 'x' })).status).toBe(404);
  });

  it('is for admins only: 401 without a session, 403 for a signed-in non-admin, nothing recorded', async () => {
    const before = (await inboxEvents()).length;
    expect((await s.visitor.patch(path(), { responded: true })).status).toBe(401);
    const member = await s.member.patch(path(), { responded: true });
    expect([member.status, member.body.error]).toEqual([403, 'Admin access required.']);
    expect((await inboxEvents()).length).toBe(before);
  });

  it('two admins toggling at once both get an answer, and the stream stays consistent', async () => {
    const answers = await Promise.all([s.a.patch(path(), { responded: true }), s.b.patch(path(), { notes: 'Mine' }), s.b.patch(path(), { responded: true })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const final = await s.a.get(`/api/admin/contact-responses?q=${encodeURIComponent('Mine')}`);
    expect(final.body.items).toEqual([expect.objectContaining({ id, responded: true, notes: 'Mine' })]);
    const marks = (await inboxEvents()).filter((e) => e.streamId === `contact-${id}` && e.type === 'ResponseMarked');
    expect(marks).toHaveLength(1);
  });

  it('two app instances writing the same message at once: both answer, each change recorded once', async () => {
    const other = await startTestApp({ sharedWith: s.app, env: { ADMIN_EMAILS: `${ADMIN_A},${ADMIN_B}` } });
    try {
      const b2 = http(other.baseUrl, s.cookies.b);
      const answers = await Promise.all([
        s.a.patch(path(), { responded: true }),
        b2.patch(path(), { notes: 'From the other instance' }),
        s.a.patch(path(), { notes: 'From the other instance' }),
        b2.patch(path(), { responded: true }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const mine = (await inboxEvents()).filter((e) => e.streamId === `contact-${id}`);
      expect(mine.map((e) => e.type).sort()).toEqual(['ResponseMarked', 'ResponseNotesEdited']);
    } finally {
      await other.close();
    }
  });
});
