import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import * as jsonld from 'jsonld';
import * as nodeIcal from 'node-ical';
import robotsParser from 'robots-parser';
import { SITE_STREAM, normaliseSettings, type EventItem } from '@punchline/domain';
import { SiteHistory } from '../../history';
import { type TestApp, TEST_ADMIN_EMAIL, http, signIn, startTestApp } from '../../test-support/test-app';
import { databaseKinds } from '../../test-support/test-database';
import { ensureFrontendBuilt } from '../test-support/frontend-build';
import { publish } from '../test-support/site-publishing';

/**
 * Issue 31: shows read right by independent readers. The feed is parsed by node-ical and ical.js,
 * the structured data expanded by jsonld, robots.txt read by robots-parser.
 */

const SCHEMA = 'http://schema.org/';
const documentLoader = async (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`unexpected context ${url}`);
  return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': SCHEMA, schema: SCHEMA } } };
};

const jsonLdOf = (html: string): unknown[] => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const show = (title: string, date: string, extra: Partial<EventItem> = {}): EventItem => ({ title, date, venue: 'The Cellar', link: 'https://tickets.example/1', ...extra });

interface FeedEvent {
  summary: string;
  start: string;
  end: string | null;
  sequence: number;
  status: string | null;
}

/** The VEVENTs as node-ical reads them. */
function readWithNodeIcal(text: string): FeedEvent[] {
  return (Object.values(nodeIcal.sync.parseICS(text)).filter((c) => c.type === 'VEVENT') as nodeIcal.VEvent[]).map((e) => ({
    summary: String(e.summary),
    start: new Date(e.start as Date).toISOString(),
    end: e.end ? new Date(e.end as Date).toISOString() : null,
    sequence: Number(e.sequence ?? 0),
    status: e.status ?? null,
  }));
}

/** The VEVENTs as ical.js (Mozilla's parser) reads them. */
function readWithIcalJs(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate ? event.endDate.toJSDate().toISOString() : null,
      sequence: event.sequence ?? 0,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
    };
  });
}

const bySummary = (events: FeedEvent[]) => Object.fromEntries(events.map((e) => [e.summary, e]));
const valueOf = (node: Record<string, unknown>, key: string): unknown => (node[`${SCHEMA}${key}`] as { '@value'?: unknown; '@id'?: unknown }[] | undefined)?.[0]?.['@value'] ?? (node[`${SCHEMA}${key}`] as { '@id'?: unknown }[] | undefined)?.[0]?.['@id'];

describe.each(databaseKinds())('shows in the site time zone: feed, structured data, robots (issue 31) on %s', (kind) => {
  let app: TestApp;
  let admin: ReturnType<typeof http>;
  const visitor = () => http(app.baseUrl);

  beforeAll(async () => {
    ensureFrontendBuilt();
    app = await startTestApp({ kind });
    admin = http(app.baseUrl, await signIn(app.baseUrl, TEST_ADMIN_EMAIL));
  });
  afterAll(() => app?.close());

  it.each([
    // Europe moves its clocks on March 30, 2031; the US on March 9, 2031.
    { zone: 'Europe/Berlin', before: ['March 29, 2031 8pm', '2031-03-29T19:00:00.000Z', '2031-03-29T20:00:00+01:00'], after: ['March 31, 2031 8pm', '2031-03-31T18:00:00.000Z', '2031-03-31T20:00:00+02:00'] },
    { zone: 'America/Chicago', before: ['March 8, 2031 8pm', '2031-03-09T02:00:00.000Z', '2031-03-08T20:00:00-06:00'], after: ['March 10, 2031 8pm', '2031-03-11T01:00:00.000Z', '2031-03-10T20:00:00-05:00'] },
  ])('$zone: both parsers and the JSON-LD agree on the instant of a show on either side of the DST change', async ({ zone, before, after }) => {
    await publish(admin, {
      site_timezone: zone,
      events_upcoming: [show('Before the change', before[0]!), show('After the change', after[0]!, { date: `${after[0]} - 10:30pm` })],
    });
    const text = (await visitor().get('/events.ics')).body as string;
    for (const events of [readWithNodeIcal(text), readWithIcalJs(text)]) {
      const shows = bySummary(events);
      expect(shows['Before the change']!.start).toBe(before[1]);
      expect(shows['After the change']!.start).toBe(after[1]);
      // The written end (10:30pm) is 2.5 hours after the start; a show without one lasts two.
      expect(Date.parse(shows['After the change']!.end!) - Date.parse(after[1]!)).toBe(2.5 * 3_600_000);
      expect(Date.parse(shows['Before the change']!.end!) - Date.parse(before[1]!)).toBe(2 * 3_600_000);
    }
    const [doc] = jsonLdOf((await visitor().get('/events')).body as string) as { '@graph': { name: string; startDate: string; endDate?: string }[] }[];
    const graph = Object.fromEntries(doc!['@graph'].map((e) => [e.name, e]));
    expect(graph['Before the change']!.startDate).toBe(before[2]);
    expect(graph['After the change']!.startDate).toBe(after[2]);
    expect(graph['After the change']!.endDate).toBe(after[2]!.replace('T20:00', 'T22:30'));
    expect(Date.parse(graph['After the change']!.startDate)).toBe(Date.parse(after[1]!));
  });

  it('writes CRLF to the end, no control characters, and refresh hints; both parsers read the title', async () => {
    const hostile = 'Tab\tVT\u000bFF\u000cLS\u2028PS\u2029NEL\u0085DEL\u007fend';
    await publish(admin, { site_timezone: 'America/Chicago', events_upcoming: [show(hostile, 'June 12, 2031 8pm', { availability: 'cancelled' })] });
    const response = await visitor().get('/events.ics');
    const text = response.body as string;
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // eslint-disable-next-line no-control-regex
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n');
    expect(text).toContain('\r\nX-PUBLISHED-TTL:PT6H\r\n');
    for (const events of [readWithNodeIcal(text), readWithIcalJs(text)]) {
      expect(events).toHaveLength(1);
      expect(events[0]!.summary).toBe('Tab VT FF LS PS NEL DEL end');
      expect(events[0]!.status).toBe('CANCELLED');
    }
  });

  it("JSON-LD expands with jsonld and carries Google's required and recommended Event fields", async () => {
    await publish(admin, {
      site_timezone: 'America/Chicago',
      hero_image_url: '/api/storage/proxy?bucket=media&path=hero.jpg',
      events_upcoming: [
        show('Full Card', 'Saturday, June 14, 2031 8pm - 10pm', {
          address: '12 Main St, Chicago, IL 60601',
          description: 'Two hours of stand-up.',
          price: '15.50',
          currency: 'USD',
          availability: 'on_sale',
          performers: 'Ana Lee, Bo Park',
          image_url: '/api/storage/proxy?bucket=media&path=full-card.jpg',
        }),
        show('Sold Out Night', 'June 20, 2031', { availability: 'sold_out', price: '0', currency: 'EUR' }),
      ],
    });
    const html = (await visitor().get('/events')).body as string;
    const [doc] = jsonLdOf(html);
    const expanded = (await jsonld.expand(doc as object, { documentLoader: documentLoader as never })) as Record<string, unknown>[];
    const events = expanded.filter((node) => (node['@type'] as string[] | undefined)?.includes(`${SCHEMA}ComedyEvent`));
    expect(events).toHaveLength(2);
    const full = events.find((e) => valueOf(e, 'name') === 'Full Card')!;
    // Required: name, startDate, location with an address.
    expect(valueOf(full, 'startDate')).toBe('2031-06-14T20:00:00-05:00');
    const location = (full[`${SCHEMA}location`] as Record<string, unknown>[])[0]!;
    expect(location['@type']).toEqual([`${SCHEMA}Place`]);
    expect(valueOf(location, 'name')).toBe('The Cellar');
    const address = (location[`${SCHEMA}address`] as Record<string, unknown>[])[0]!;
    expect(address['@type']).toEqual([`${SCHEMA}PostalAddress`]);
    expect(valueOf(address, 'streetAddress')).toBe('12 Main St, Chicago, IL 60601');
    // Recommended: description, endDate, eventStatus, image, offers, organizer, performer.
    expect(valueOf(full, 'description')).toBe('Two hours of stand-up.');
    expect(valueOf(full, 'endDate')).toBe('2031-06-14T22:00:00-05:00');
    expect(valueOf(full, 'eventStatus')).toBe('https://schema.org/EventScheduled');
    expect(valueOf(full, 'image')).toBe(`${app.baseUrl}/api/storage/proxy?bucket=media&path=full-card.jpg`);
    const offer = (full[`${SCHEMA}offers`] as Record<string, unknown>[])[0]!;
    expect(valueOf(offer, 'price')).toBe('15.50');
    expect(valueOf(offer, 'priceCurrency')).toBe('USD');
    expect(valueOf(offer, 'availability')).toBe('https://schema.org/InStock');
    expect(valueOf(offer, 'url')).toBe('https://tickets.example/1');
    const organizer = (full[`${SCHEMA}organizer`] as Record<string, unknown>[])[0]!;
    expect(valueOf(organizer, 'name')).toBeTruthy();
    expect(valueOf(organizer, 'url')).toBe(`${app.baseUrl}/`);
    expect((full[`${SCHEMA}performer`] as Record<string, unknown>[]).map((p) => valueOf(p, 'name'))).toEqual(['Ana Lee', 'Bo Park']);

    const soldOut = events.find((e) => valueOf(e, 'name') === 'Sold Out Night')!;
    expect(valueOf(soldOut, 'startDate')).toBe('2031-06-20');
    expect(valueOf((soldOut[`${SCHEMA}offers`] as Record<string, unknown>[])[0]!, 'availability')).toBe('https://schema.org/SoldOut');
    // No address given: the venue name is not passed off as one; the share image stands in for a show image.
    expect((soldOut[`${SCHEMA}location`] as Record<string, unknown>[])[0]![`${SCHEMA}address`]).toBeUndefined();
    expect(valueOf(soldOut, 'image')).toBe(`${app.baseUrl}/api/storage/proxy?bucket=media&path=hero.jpg`);
  });

  it('every media URL on the pages may be fetched by Googlebot and Twitterbot', async () => {
    await publish(admin, {
      hero_image_url: '/api/storage/proxy?bucket=media&path=hero.jpg',
      logo_url: '/api/storage/proxy?bucket=media&path=logo.png',
      who_image_url: '/api/storage/proxy?bucket=media&path=who.jpg',
      merch_items: [{ title: 'Shirt', price: '20', description: '', image_url: '/api/storage/proxy?bucket=media&path=shirt.jpg', buy_url: '' }],
      about_team: [{ name: 'Ana', title: 'Host', bio: '', photo_url: '/api/storage/proxy?bucket=media&path=ana.jpg', socials: [] }],
    });
    const robotsText = (await visitor().get('/robots.txt')).body as string;
    const robots = robotsParser(`${app.baseUrl}/robots.txt`, robotsText);
    const media = new Set<string>();
    for (const path of ['/', '/about', '/events', '/media', '/merch', '/contact']) {
      const html = (await visitor().get(path)).body as string;
      const attributes = [...html.matchAll(/\s(?:src|href|content|imagesrcset|srcset)="([^"]+)"/g)].flatMap((m) => m[1]!.replace(/&amp;/g, '&').split(/,\s+/));
      const ld = JSON.stringify(jsonLdOf(html)).match(/https?:[^"]+/g) ?? [];
      for (const candidate of [...attributes, ...ld]) {
        const url = new URL(candidate.trim().split(/\s+/)[0]!, `${app.baseUrl}/`);
        if (url.origin === app.baseUrl && url.pathname.startsWith('/api/storage/proxy')) media.add(url.toString());
      }
    }
    expect([...media].some((u) => u.includes('hero.jpg'))).toBe(true);
    expect([...media].some((u) => u.includes('shirt.jpg'))).toBe(true);
    for (const url of media) {
      for (const agent of ['Googlebot', 'Twitterbot', 'Googlebot-Image']) expect({ url, agent, allowed: robots.isAllowed(url, agent) }).toEqual({ url, agent, allowed: true });
    }
    expect(robots.isAllowed(`${app.baseUrl}/api/settings?stage=live`, 'Googlebot')).toBe(false);
    // og:image has its alternative text, og:locale names the language.
    const home = (await visitor().get('/')).body as string;
    expect(home).toMatch(/<meta property="og:image:alt" content="[^"]+">/);
    expect(home).toContain('<meta property="og:locale" content="en_US">');
  });

  it('after 500 date-changing versions the feed answers from the kept SEQUENCE numbers, without reading history', async () => {
    const history = app.app.get(SiteHistory);
    const timeline = jest.spyOn(history, 'timeline');
    const stateAt = jest.spyOn(history, 'stateAt');
    await publish(admin, { site_timezone: 'America/Chicago', events_upcoming: [show('Long Run', 'June 1, 2031 8pm')] });
    const base = normaliseSettings((await admin.get('/api/settings?stage=live')).body, 'editor');
    const { updated_at: _readOnly, ...stored } = base;
    // 498 more versions appended in one batch (the normal path would take minutes), then one real publish.
    const dates = (i: number) => `June ${1 + (i % 2)}, 2031 8pm`;
    const versions = Array.from({ length: 498 }, (_, i) => {
      const events_upcoming = [show('Long Run', dates(i + 1))];
      return {
        eventId: randomUUID(),
        type: 'Published',
        data: { snapshotId: null, settings: { ...stored, events_upcoming }, changes: { events_upcoming } },
        metadata: { actorEmail: TEST_ADMIN_EMAIL, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
      };
    });
    const appended = await app.runtime.store.append(SITE_STREAM, versions, { expectedRevision: 'any' });
    expect(await app.runtime.projector.waitFor(appended.position, 60_000)).toBe(true);
    // After seconds of quiet the client's kept-alive socket may be one the server is closing: a
    // throwaway request takes that reset, not the publish.
    await visitor().get('/api/health').catch(() => undefined);
    await publish(admin, { events_upcoming: [show('Long Run', dates(499))] });
    // A publish re-renders the six pages in the background (their cost, not the feed's): let it end.
    const pagesRendered = () => Promise.all(['/', '/about', '/events', '/media', '/merch', '/contact'].map((path) => visitor().get(path)));
    await pagesRendered();

    const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
      const started = performance.now();
      const value = await work();
      return { ms: performance.now() - started, value };
    };
    const first = await timed(() => visitor().get('/events.ics'));
    expect(first.value.status).toBe(200);
    for (const events of [readWithNodeIcal(first.value.body as string), readWithIcalJs(first.value.body as string)]) {
      // 500 versions of the show, its date changing at each after the first: SEQUENCE 499.
      expect(events.map((e) => [e.summary, e.sequence])).toEqual([['Long Run', 499]]);
    }

    // One more publish, then 20 concurrent first requests while health is asked alongside.
    await publish(admin, { events_upcoming: [show('Long Run', dates(500))] });
    await pagesRendered();
    const health: number[] = [];
    const healthLoop = (async () => {
      for (let i = 0; i < 5; i++) health.push((await timed(() => visitor().get('/api/health'))).ms);
    })();
    const burst = await timed(() => Promise.all(Array.from({ length: 20 }, () => visitor().get('/events.ics'))));
    await healthLoop;
    expect(burst.value.every((r) => r.status === 200 && r.body === burst.value[0]!.body)).toBe(true);
    expect(readWithIcalJs(burst.value[0]!.body as string)[0]!.sequence).toBe(500);
    // The cost is structural: history is never read for the feed.
    expect(timeline).not.toHaveBeenCalled();
    expect(stateAt).not.toHaveBeenCalled();
    // Targets 50 ms / 200 ms / 50 ms (met on a quiet box: see ARCHITECTURE.md). The bounds here leave
    // room for a loaded 2-core CI box and PGlite sharing the event loop, and are still a tenth of
    // what the history rebuild cost (4.8 s on PGlite, 48.6 s for 10 requests on PostgreSQL).
    console.log(`${kind}: feed after 500 versions: first ${first.ms.toFixed(1)} ms, 20 concurrent ${burst.ms.toFixed(1)} ms, health max ${Math.max(...health).toFixed(1)} ms`);
    expect(first.ms).toBeLessThan(500);
    expect(burst.ms).toBeLessThan(2000);
    expect(Math.max(...health)).toBeLessThan(500);
  });
});
