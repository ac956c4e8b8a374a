import { useEffect, useState } from 'react';
import { EventList } from '../components/event-list';
import { PageHero } from '../components/page-hero';
import { useSite } from '../site-context';

export function EventsPage() {
  const { settings: s, showTimes } = useSite();
  return (
    <>
      <PageHero eyebrow="Live shows" title={s.events_title} intro={s.events_intro} />
      <section className="container page-section" aria-labelledby="upcoming-shows">
        <h2 id="upcoming-shows" className="section-title">
          Upcoming Shows
        </h2>
        <EventList events={s.events_upcoming} emptyText="No upcoming shows yet." linkLabel="Get Tickets" headingLevel="h3" times={showTimes} />
        {s.events_upcoming.length > 0 ? <CalendarLinks /> : null}
      </section>
      <section className="container page-section page-section--past" aria-labelledby="past-shows">
        <h2 id="past-shows" className="section-title">
          Past Shows
        </h2>
        <EventList events={s.events_past} emptyText="No past shows yet." linkLabel="Event Details" headingLevel="h3" times={showTimes} />
      </section>
    </>
  );
}

/**
 * Issue 14: the shows as a calendar file (/events.ics, RFC 5545), and once the page runs in a
 * browser a webcal:// subscription too (it needs the host, which only the browser knows for sure).
 */
function CalendarLinks() {
  const [host, setHost] = useState<string | null>(null);
  useEffect(() => setHost(window.location.host), []);
  return (
    <p className="calendar-links">
      <a href="/events.ics" download="shows.ics">
        Add to calendar
      </a>
      {host ? (
        <>
          {' · '}
          <a href={`webcal://${host}/events.ics`}>Subscribe in your calendar app</a>
        </>
      ) : null}
    </p>
  );
}
