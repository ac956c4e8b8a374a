import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { ContactResponsesAnswer, SubjectAccessAnswer } from '@punchline/domain';
import { Clock } from '../platform/event-sourcing/clock';
import { type ContactApp, startContactApp } from '../contact/test-support/contact-app.test-kit';
import { databaseKinds } from '../test-support/test-database';
import { PrivacyStore } from './privacy-store';
import { ContactRetentionReactor } from './retention/contact-retention.reactor';

jest.setTimeout(180_000);

describe.each(databaseKinds())('privacy calls on %s', (kind) => {
  let s: ContactApp;
  beforeAll(async () => {
    s = await startContactApp(kind, { CONTACT_RETENTION_DAYS: '30' });
  });
  afterAll(() => s?.close());

  const inbox = async () => (await s.a.get<ContactResponsesAnswer>('/api/admin/contact-responses?limit=500')).body.items;

  it('storeMessages (the first-release upgrade, a page at a time) files one address under one subject and key, beside a message stored alone', async () => {
    const store = new PrivacyStore(s.app.db);
    const single = await store.storeMessage(randomUUID(), { name: 'Uma', email: 'uma@example.com', message: 'one' });
    const words = [
      { name: 'Uma', email: ' UMA@example.com', message: 'two' },
      { name: 'Vic', email: 'vic@example.com', message: 'three' },
      { name: 'Uma', email: 'uma@example.com', message: 'four' },
    ];
    const batch = await s.app.db.transaction((tx) => store.storeMessages(words.map((w) => ({ messageId: randomUUID(), words: w })), tx));
    expect(batch.map((b) => b.subjectId)).toEqual([single.subjectId, expect.any(String), single.subjectId]);
    expect(batch[1]!.subjectId).not.toBe(single.subjectId);
    const opened = await store.open(batch.map((b) => b.personal.recordId));
    expect(batch.map((b) => opened.get(b.personal.recordId)?.data)).toEqual(words);
    expect(batch.map((b) => opened.get(b.personal.recordId)?.digest)).toEqual(batch.map((b) => b.personal.digest));
    const keys = await s.app.db.query<{ n: string | number }>('SELECT count(*) AS n FROM privacy.subject_keys WHERE subject_id = ANY($1::uuid[])', [[single.subjectId, batch[1]!.subjectId]]);
    expect(Number(keys.rows[0]!.n)).toBe(2);
  });

  it('erasing one person leaves every other message readable (property over many people)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 5 }), fc.nat(), async (counts, pick) => {
        run += 1;
        const people = counts.map((n, i) => ({ email: `p${run}-${i}@example.com`, name: `Person ${run}-${i}`, messages: Array.from({ length: n }, (_, k) => `words ${run}-${i}-${k}`) }));
        for (const p of people) for (const message of p.messages) await s.send({ name: p.name, from: p.email, message });
        const target = people[pick % people.length]!;
        const before = await inbox();
        const erased = await s.a.post('/api/admin/privacy/erase', { email: target.email });
        expect(erased.body).toEqual({ erased: { messages: target.messages.length } });
        const after = new Map((await inbox()).map((i) => [i.id, i]));
        for (const item of before) {
          const now = after.get(item.id)!;
          if (item.email === target.email) expect(now).toMatchObject({ name: '', email: '', message: '', erased_at: expect.any(String) });
          // The deliverer may have recorded an outcome meanwhile: the person's data is what must not move.
          else expect([now.name, now.email, now.message, now.notes, now.erased_at]).toEqual([item.name, item.email, item.message, item.notes, item.erased_at]);
        }
        for (const p of people.filter((x) => x !== target)) {
          const access = (await s.a.get<SubjectAccessAnswer>(`/api/admin/privacy?email=${p.email}`)).body;
          expect(access.messages.map((m) => m.message).sort()).toEqual([...p.messages].sort());
        }
      }),
      { numRuns: 4 },
    );
  });

  it('names auditor membership in the subject-access answer (DESIGN §15, §16)', async () => {
    const auditor = 'reader.person@example.org';
    expect((await s.a.get<SubjectAccessAnswer>(`/api/admin/privacy?email=${auditor}`)).body.access).toEqual({ admin: false, admin_fixed: false, auditor: false, auditor_fixed: false });
    expect((await s.a.put('/api/admin/auditors', { emails: [auditor] })).status).toBe(200);
    expect((await s.a.get<SubjectAccessAnswer>(`/api/admin/privacy?email=${auditor.toUpperCase()}`)).body.access).toEqual({ admin: false, admin_fixed: false, auditor: true, auditor_fixed: false });
    expect((await s.a.put('/api/admin/auditors', { emails: [] })).status).toBe(200);
  });

  it('erases twice with the same answer and one event; an unknown address answers zero; bad input is 400', async () => {
    await s.send({ name: 'Twice', from: 'twice@example.com', message: 'once only' });
    const events = async () => (await s.events('PersonalDataErased')).length;
    const before = await events();
    expect((await s.a.post('/api/admin/privacy/erase', { email: 'twice@example.com' })).body).toEqual({ erased: { messages: 1 } });
    expect((await s.b.post('/api/admin/privacy/erase', { email: ' TWICE@example.com ' })).body).toEqual({ erased: { messages: 1 } });
    expect(await events()).toBe(before + 1);
    const [event] = (await s.events('PersonalDataErased')).slice(-1);
    expect(Object.keys(event!.data as object).sort()).toEqual(['messageIds', 'subjectId']);
    expect(JSON.stringify(event)).not.toContain('twice');
    for (const body of [{ email: 'x' }, { email: 42 }, {}, { email: 'a@b' }]) {
      const res = await s.a.post('/api/admin/privacy/erase', body);
      expect([res.status, typeof res.body.error]).toEqual([400, 'string']);
    }
    expect((await s.a.get('/api/admin/privacy')).status).toBe(400);
    expect((await s.visitor.post('/api/admin/privacy/erase', { email: 'twice@example.com' })).status).toBe(401);
    expect((await s.member.get('/api/admin/privacy?email=twice@example.com')).status).toBe(403);
  });

  it('refuses notes on an erased message; marking it still works', async () => {
    const id = await s.send({ name: 'Noted', from: 'noted@example.com', message: 'note me' });
    await s.a.post('/api/admin/privacy/erase', { email: 'noted@example.com' });
    const res = await s.a.patch(`/api/admin/contact-responses/${id}`, { notes: 'too late' });
    expect(res.status).toBe(409);
    expect((await s.a.patch(`/api/admin/contact-responses/${id}`, { responded: true })).status).toBe(200);
  });

  it('CONTACT_RETENTION_DAYS erases older messages, one audited event per run', async () => {
    const id = await s.send({ name: 'Old', from: 'old@example.com', message: 'old words' });
    const reactor = s.app.app.get(ContactRetentionReactor);
    expect(await reactor.runOnce()).toBe(0);
    const clock = s.app.app.get(Clock);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 31 * 24 * 3_600_000));
    try {
      const kept = (await inbox()).filter((i) => i.erased_at === null).length;
      expect(await reactor.runOnce()).toBe(kept);
      expect(await reactor.runOnce()).toBe(0);
    } finally {
      jest.restoreAllMocks();
    }
    const expired = await s.events('ContactMessagesExpired');
    expect(expired).toHaveLength(1);
    expect((expired[0]!.data as { messageIds: string[] }).messageIds).toContain(id);
    expect((await inbox()).every((i) => i.erased_at !== null && i.message === '')).toBe(true);
  });
});
