import { normaliseSettings, type EventItem } from '@punchline/domain';
import { calendarSequences, comedyEventsJsonLd, datedUpcomingShows, showUid } from './show-season';

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
    expect(json['@graph'][0]).toMatchObject({ '@type': 'ComedyEvent', name: '</script><script>alert(1)</script>', startDate: '2031-06-12T20:00' });
    expect(comedyEventsJsonLd(normaliseSettings({}, 'public'), 'https://punchline.example', NOW)).toBe('');
  });

  it('keeps a UID per title and venue, and counts date or link changes as SEQUENCE', () => {
    const host = 'punchline.example';
    expect(showUid(show('Late Show', 'x'), host)).toBe(showUid(show(' late show ', 'y', ' the cellar '), host));
    const v1 = { events_upcoming: [show('Late Show', 'June 12, 2031')] };
    const v2 = { events_upcoming: [show('Late Show', 'June 12, 2031')] };
    const v3 = { events_upcoming: [show('Late Show', 'June 13, 2031')] };
    const v4 = { events_upcoming: [show('Late Show', 'June 13, 2031', 'The Cellar', 'https://tickets.example/2')] };
    expect(calendarSequences([v1, v2], host).get(showUid(v1.events_upcoming[0]!, host)) ?? 0).toBe(0);
    expect(calendarSequences([v1, v2, v3, v4], host).get(showUid(v1.events_upcoming[0]!, host))).toBe(2);
  });
});
