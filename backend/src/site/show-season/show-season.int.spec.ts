import * as jsonld from 'jsonld';
import * as ical from 'node-ical';
import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { ensureFrontendBuilt } from '../test-support/frontend-build';
import { publish } from '../test-support/site-publishing';

const SCHEMA = 'http://schema.org/';

/** A minimal schema.org context served locally: the test never goes to the network. */
const documentLoader = async (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`unexpected context ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': SCHEMA, schema: SCHEMA } } };
};

function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const show = (title: string, date: string, venue: string, link: string) => ({ title, date, venue, link });

describe('show season: structured data and the calendar feed (issue 14)', () => {
  let app: TestApp;
  let admin: ReturnType<typeof http>;
  const visitor = () => http(app.baseUrl);

  beforeAll(async () => {
    ensureFrontendBuilt();
    app = await startTestApp();
    admin = http(app.baseUrl, await signIn(app.baseUrl, TEST_ADMIN_EMAIL));
    await publish(admin, {
      events_upcoming: [
        show('Late Laughs', 'June 12, 2031 8pm', 'The Cellar', 'https://tickets.example/late'),
        show('Mystery Night', 'TBA', 'Somewhere', ''),
        show('Old Show', 'April 1, 2025', 'The Cellar', ''),
        show('</script><b>x</b>', 'July 4, 2031', 'Pier 9', 'mailto:box@example.com'),
      ],
    });
  });
  afterAll(() => app?.close());

  it('/events and / carry schema.org ComedyEvent JSON-LD for readable upcoming shows only', async () => {
    for (const path of ['/events', '/']) {
      const html = (await visitor().get(path)).body as string;
      const [doc] = jsonLdOf(html);
      const expanded = await jsonld.expand(doc as object, { documentLoader: documentLoader as never });
      const events = expanded.filter((node) => (node['@type'] as string[] | undefined)?.includes(`${SCHEMA}ComedyEvent`));
      const names = events.map((e) => (e[`${SCHEMA}name`] as { '@value': string }[])[0]!['@value']);
      expect(names).toEqual(['Late Laughs', '</script><b>x</b>']);
      for (const event of events) {
        for (const required of ['name', 'startDate', 'eventStatus', 'location', 'url']) expect(event[`${SCHEMA}${required}`]).toBeDefined();
      }
      const late = events[0]!;
      expect((late[`${SCHEMA}startDate`] as { '@value': string }[])[0]!['@value']).toBe('2031-06-12T20:00:00-05:00');
      expect(JSON.stringify(late[`${SCHEMA}offers`])).toContain('https://tickets.example/late');
      // A mailto link is no ticket offer; the hostile title stayed inside its script element.
      expect(events[1]![`${SCHEMA}offers`]).toBeUndefined();
      expect(html).not.toContain('</script><b>x</b>');
    }
    expect(jsonLdOf((await visitor().get('/about')).body as string)).toEqual([]);
  });

  it('/events.ics parses as iCalendar; UIDs survive a description edit; SEQUENCE rises when a date changes', async () => {
    const first = await visitor().get('/events.ics');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect((await visitor().get('/events.ics', { 'if-none-match': etag })).status).toBe(304);
    const events = Object.values(ical.sync.parseICS(first.body as string)).filter((c) => c.type === 'VEVENT') as ical.VEvent[];
    expect(events.map((e) => e.summary).sort()).toEqual(['</script><b>x</b>', 'Late Laughs']);
    const late = events.find((e) => e.summary === 'Late Laughs')!;
    expect(late.location).toBe('The Cellar');
    expect(Number(late.sequence ?? 0)).toBe(0);

    // An edit of the description (the intro) keeps every UID; moving the date raises SEQUENCE.
    await publish(admin, { events_intro: 'New intro' });
    const again = Object.values(ical.sync.parseICS((await visitor().get('/events.ics')).body as string)).filter((c) => c.type === 'VEVENT') as ical.VEvent[];
    expect(again.map((e) => e.uid).sort()).toEqual(events.map((e) => e.uid).sort());
    await publish(admin, {
      events_upcoming: [show('Late Laughs', 'June 13, 2031 8pm', 'The Cellar', 'https://tickets.example/late')],
    });
    const moved = Object.values(ical.sync.parseICS((await visitor().get('/events.ics')).body as string)).filter((c) => c.type === 'VEVENT') as ical.VEvent[];
    expect(moved).toHaveLength(1);
    expect(moved[0]!.uid).toBe(late.uid);
    expect(Number(moved[0]!.sequence)).toBe(1);
    // 8pm in the site zone (America/Chicago by default, summer time): 01:00 UTC the next day.
    expect(new Date(moved[0]!.start as Date).toISOString()).toBe('2031-06-14T01:00:00.000Z');
  });
});
