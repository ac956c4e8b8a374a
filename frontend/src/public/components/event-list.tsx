import type { EventItem } from '@punchline/domain';
import { hasTicketLink } from '@punchline/domain';

interface EventListProps {
  events: EventItem[];
  emptyText: string;
  /** Past shows have nothing left to buy: their link reads as details. */
  linkLabel: string;
  headingLevel: 'h3' | 'h2';
}

/** Title, date, venue and, for links that start with http, a ticket link (SPEC §2). */
export function EventList({ events, emptyText, linkLabel, headingLevel: Heading }: EventListProps) {
  if (events.length === 0) return <p className="empty-state">{emptyText}</p>;
  return (
    <ul className="event-list">
      {events.map((event, i) => (
        <li className="event-card" key={`${event.title}-${event.date}-${i}`}>
          <div className="event-card__date">{event.date || 'Date to be announced'}</div>
          <div className="event-card__body">
            <Heading className="event-card__title">{event.title || 'Untitled show'}</Heading>
            {event.venue ? <p className="event-card__venue">{event.venue}</p> : null}
          </div>
          {hasTicketLink(event) ? (
            <a className="button button--primary event-card__cta" href={event.link} target="_blank" rel="noopener noreferrer">
              {linkLabel}
              <span className="visually-hidden"> for {event.title || 'this show'} (opens in a new tab)</span>
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
