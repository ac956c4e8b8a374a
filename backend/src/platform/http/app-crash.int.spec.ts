import { randomInt } from 'node:crypto';
import { FIXTURES } from '../../media/test-support/media-app.test-kit';
import { appProcess } from '../../cli/test-support/app-process';
import { TEST_ADMIN_EMAIL, http, signIn } from '../../test-support/test-app';

/**
 * DESIGN §14 / issue 11 point 2: nothing acknowledged is lost. The whole app runs as a child process
 * on PostgreSQL while admins save and publish, visitors send contact messages and files are
 * uploaded; it is killed with SIGKILL at random moments, KILLS times. After each restart, every
 * write that had been answered 2xx is in the log and in the read models, exactly once.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const describeIf = process.env.DATABASE_URL ? describe : describe.skip;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Acked {
  saves: string[];
  publishes: string[];
  contacts: string[];
  uploads: string[];
}

describeIf('SIGKILL at random moments (postgres)', () => {
  const harness = appProcess({ database: 'postgres', dataDirPrefix: 'punchline-crash-' });

  it(`loses and duplicates nothing acknowledged across ${KILLS} kills`, async () => {
    let app = await harness.start();
    const adminCookie = await signIn(harness.baseUrl, TEST_ADMIN_EMAIL);
    const admin = http(harness.baseUrl, adminCookie);
    expect((await admin.post('/api/settings/lock/acquire', { ttlSeconds: 3600 })).status).toBe(200);
    const acked: Acked = { saves: [], publishes: [], contacts: [], uploads: [] };
    let visitorNumber = 0;

    /** A request the kill interrupts throws (socket closed): it was not acknowledged. */
    const attempt = async (fn: () => Promise<void>): Promise<boolean> => {
      try {
        await fn();
        return true;
      } catch {
        return false;
      }
    };

    for (let kill = 0; kill < KILLS; kill += 1) {
      let running = true;
      const loops = [
        (async () => {
          for (let i = 0; running; i += 1) {
            const title = `save-${kill}-${i}`;
            const ok = await attempt(async () => {
              const res = await admin.put('/api/settings?stage=draft', { site_title: title });
              if (res.status === 200) acked.saves.push(title);
              if (i % 3 === 2 && res.status === 200) {
                const published = await admin.post('/api/settings/publish', {});
                if (published.status === 200) acked.publishes.push(title);
              }
            });
            if (!ok) return;
          }
        })(),
        (async () => {
          for (let i = 0; running; i += 1) {
            const message = `contact-${kill}-${i}-end`;
            visitorNumber += 1;
            const forwarded = `198.51.${Math.floor(visitorNumber / 250)}.${visitorNumber % 250}`;
            const ok = await attempt(async () => {
              const res = await http(harness.baseUrl).post('/api/contact', { name: 'Crash Test', from: 'fan@example.com', message }, { 'x-forwarded-for': forwarded });
              if (res.status >= 200 && res.status < 300) acked.contacts.push(message);
            });
            if (!ok) return;
          }
        })(),
        (async () => {
          for (let i = 0; running; i += 1) {
            const name = `upload-${kill}-${i}.png`;
            const ok = await attempt(async () => {
              const form = new FormData();
              form.append('file', new Blob([FIXTURES.png], { type: 'image/png' }), name);
              const res = await fetch(`${harness.baseUrl}/api/storage/upload?duplicate=keep`, { method: 'POST', body: form, headers: { origin: harness.baseUrl, cookie: adminCookie } });
              const body = (await res.json()) as { item?: { name: string } };
              if (res.status === 201) acked.uploads.push(body.item!.name);
            });
            if (!ok) return;
          }
        })(),
      ];
      await delay(randomInt(150, 1500));
      app.child.kill('SIGKILL');
      expect((await app.exited).signal).toBe('SIGKILL');
      running = false;
      await Promise.all(loops);
      app = await harness.start();
    }

    try {
      const events = (await harness.database!.db.query<{ type: string; data: Record<string, unknown> }>('SELECT type, data FROM es.events ORDER BY global_position')).rows;
      const count = (values: unknown[]) => values.reduce<Map<unknown, number>>((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map());

      // In the log, each acknowledged write exactly once.
      const saved = count(events.filter((e) => e.type === 'DraftSaved').map((e) => (e.data.changes as Record<string, unknown>)?.site_title));
      // The log names messages by id only (DESIGN §16): their words are checked in the CSV below.
      const received = count(events.filter((e) => e.type === 'ContactMessageReceived').map((e) => e.data.messageId));
      const uploaded = count(events.filter((e) => e.type === 'MediaUploaded').map((e) => e.data.name));
      const publishedTitles = new Set(events.filter((e) => e.type === 'Published').map((e) => (e.data.settings as Record<string, unknown>).site_title));
      expect(acked.saves.filter((t) => saved.get(t) !== 1)).toEqual([]);
      expect(received.size).toBeGreaterThanOrEqual(acked.contacts.length);
      expect(acked.uploads.filter((n) => uploaded.get(n) !== 1)).toEqual([]);
      expect(acked.publishes.filter((t) => !publishedTitles.has(t))).toEqual([]);
      // Nothing recorded twice, acknowledged or not.
      expect([...saved, ...received, ...uploaded].filter(([, n]) => n > 1)).toEqual([]);

      // In the read models, as the restarted app answers them once its projector has caught up
      // with the log (the last kill's writes may still be on their way when it starts listening).
      await harness.caughtUp();
      // The CSV export holds every message (a page of the list holds at most 500).
      const inbox = await admin.get('/api/admin/contact-responses?format=csv');
      expect(inbox.status).toBe(200);
      const csv = String(inbox.body);
      expect(acked.contacts.filter((m) => csv.split(m).length - 1 !== 1)).toEqual([]);
      const media = await admin.get('/api/storage/list?limit=500');
      expect(media.status).toBe(200);
      const listed = new Set((media.body.items as { name: string }[]).map((i) => i.name));
      expect(acked.uploads.filter((n) => !listed.has(n))).toEqual([]);
      const lastSaved = [...events].reverse().find((e) => e.type === 'DraftSaved' || e.type === 'Published')!;
      const lastTitle = lastSaved.type === 'DraftSaved' ? (lastSaved.data.changes as Record<string, unknown>).site_title : (lastSaved.data.settings as Record<string, unknown>).site_title;
      expect((await admin.get('/api/settings?stage=draft')).body.site_title).toBe(lastTitle);
      const lastPublished = [...events].reverse().find((e) => e.type === 'Published');
      if (lastPublished) {
        expect((await http(harness.baseUrl).get('/api/settings?stage=live')).body.site_title).toBe((lastPublished.data.settings as Record<string, unknown>).site_title);
      }
      // Enough happened for the test to mean something.
      expect(acked.saves.length).toBeGreaterThan(KILLS);
      expect(acked.contacts.length).toBeGreaterThan(KILLS);
      expect(acked.uploads.length).toBeGreaterThan(KILLS);
      process.stdout.write(
        `crash test: ${KILLS} kills; acknowledged ${acked.saves.length} saves, ${acked.publishes.length} publishes, ${acked.contacts.length} contact messages, ${acked.uploads.length} uploads; 0 lost, 0 duplicated\n`,
      );
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  }, 900_000);
});
