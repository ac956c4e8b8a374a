import { normaliseSettings, type EventItem } from '@punchline/domain';
import { calendarName, calendarText, comedyEventsJsonLd, datedUpcomingShows, eventsCalendar, showUid } from './show-season';

const NOW = new Date('2026-11-25T12:00:00Z');
const show = (title: string, date: string, venue = 'The Cellar', link = 'https://tickets.example/1'): EventItem => ({ title, date, venue, link });

describe('show season', () => {
  it('keeps upcoming shows whose date can be read; past and unreadable ones are left out', () => {
    const settings = normaliseSettings({ events_upcoming: [show('A', 'June 12, 2031'), show('B', 'TBA'), show('C', 'April 1, 2025')] }, 'public');
    expect(datedUpcomingShows(settings, NOW).map((s) => s.show.title)).toEqual(['A']);
  });

  it('writes JSON-LD that cannot break out of its script element', () => {
    const settings = normaliseSettings({ events_upcoming: [show('</script><script>alert(1)</script>', 'June 12, 2031 8pm')] }, 'public');
    const html = comedyEventsJsonLd(settings, 'https://punchline.example', NOW);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = JSON.parse(html.replace(/^<script type="application\/ld\+json">/, '').replace(/<\/script>$/, ''));
    expect(json['@graph'][0]).toMatchObject({ '@type': 'ComedyEvent', name: '</script><script>alert(1)</script>', startDate: '2031-06-12T20:00:00-05:00' });
    expect(comedyEventsJsonLd(normaliseSettings({}, 'public'), 'https://punchline.example', NOW)).toBe('');
  });

  it('keeps a UID per title and venue', () => {
    const host = 'punchline.example';
    expect(showUid(show('Late Show', 'x'), host)).toBe(showUid(show(' late show ', 'y', ' the cellar '), host));
    expect(showUid(show('Late Show', 'x'), host)).not.toBe(showUid(show('Late Show', 'x', 'Pier 9'), host));
  });

  it('writes text values without control characters and the feed with CRLF to the end (issue 31)', () => {
    expect(calendarText('a\u000bb\u000cc\u2028d\u2029e\u0085f\r\ng')).toBe('a b c d e f\ng');
    const settings = normaliseSettings({ site_timezone: 'Europe/Berlin', events_upcoming: [show('A\u000bB', 'June 12, 2031 8pm')] }, 'public');
    const text = eventsCalendar(settings, 'https://punchline.example', NOW, new Map(), NOW);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('DTSTART:20310612T180000Z');
    expect(text).toContain('SUMMARY:A B');
  });

  it("writes the calendar's name on one line with TEXT escapes: a site title cannot add lines to the feed", () => {
    expect(calendarName('Punch\\line; live, shows')).toBe('Punch\\\\line\\; live\\, shows');
    const title = 'Punchline\r\nBEGIN:VEVENT\r\nUID:fake@evil\r\nSUMMARY:FREE TICKETS\r\nEND:VEVENT';
    const text = eventsCalendar(normaliseSettings({ site_title: title, events_upcoming: [show('A', 'June 12, 2031 8pm')] }, 'public'), 'https://punchline.example', NOW, new Map(), NOW);
    expect(text.match(/^BEGIN:VEVENT/gm)).toHaveLength(1);
    expect(text).not.toMatch(/^UID:fake/m);
    // Long lines are folded (RFC 5545 §3.1): unfolded, the name is one line.
    expect(text.replace(/\r\n /g, '')).toMatch(/^X-WR-CALNAME:Punchline BEGIN:VEVENT UID:fake@evil SUMMARY:FREE TICKETS END:VEVENT shows\r$/m);
  });
});
