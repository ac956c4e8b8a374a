import { EventList } from '../components/event-list';
import { PageHero } from '../components/page-hero';
import { useSite } from '../site-context';

export function EventsPage() {
  const { settings: s } = useSite();
  return (
    <>
      <PageHero eyebrow="Live shows" title={s.events_title} intro={s.events_intro} />
      <section className="container page-section" aria-labelledby="upcoming-shows">
        <h2 id="upcoming-shows" className="section-title">
          Upcoming Shows
        </h2>
        <EventList events={s.events_upcoming} emptyText="No upcoming shows yet." linkLabel="Get Tickets" headingLevel="h3" />
      </section>
      <section className="container page-section page-section--past" aria-labelledby="past-shows">
        <h2 id="past-shows" className="section-title">
          Past Shows
        </h2>
        <EventList events={s.events_past} emptyText="No past shows yet." linkLabel="Event Details" headingLevel="h3" />
      </section>
    </>
  );
}
