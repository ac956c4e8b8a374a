import type { EventItem, ShowTime } from '@punchline/domain';
import { hasTicketLink } from '@punchline/domain';

interface EventListProps {
  events: EventItem[];
  emptyText: string;
  /** Past shows have nothing left to buy: their link reads as details. */
  linkLabel: string;
  headingLevel: 'h3' | 'h2';
  /** Dates the server could read, by their text (SiteData.showTimes): marked up as <time>, with the zone of a time. */
  times?: Record<string, ShowTime>;
}

/** Title, date, venue and, for links that start with http, a ticket link (SPEC §2). */
export function EventList({ events, emptyText, linkLabel, headingLevel: Heading, times }: EventListProps) {
  if (events.length === 0) return <p className="empty-state">{emptyText}</p>;
  return (
    <ul className="event-list">
      {events.map((event, i) => (
        <li className="event-card" key={`${event.title}-${event.date}-${i}`}>
          <div className="event-card__date">
            <EventDate text={event.date} time={times && Object.prototype.hasOwnProperty.call(times, event.date) ? times[event.date] : undefined} />
          </div>
          <div className="event-card__body">
            <Heading className="event-card__title">{event.title || 'Untitled show'}</Heading>
            {event.venue ? <p className="event-card__venue">{event.venue}</p> : null}
            <ShowDetails event={event} />
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

/** The date as the admin wrote it; a readable one as <time>, and a time with its zone ('8pm CDT'). */
function EventDate({ text, time }: { text: string; time: ShowTime | undefined }) {
  if (!text) return <>Date to be announced</>;
  if (!time) return <>{text}</>;
  return (
    <time dateTime={time.dateTime}>
      {text}
      {time.zoneName ? <span className="event-card__zone"> {time.zoneName}</span> : null}
    </time>
  );
}

const STATUS: Record<NonNullable<EventItem['availability']>, string | null> = { on_sale: null, sold_out: 'Sold out', cancelled: 'Cancelled' };

/** A price as visitors read it ('$15.50', '€12.00'; 'Free' for 0); the code itself when Intl does not know it. */
function priceText(price: string, currency: string | undefined): string {
  const amount = Number(price);
  if (amount === 0) return 'Free';
  if (!currency) return price;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${price} ${currency}`;
  }
}

/** Issue 31's optional fields, each only when given: status, address, performers, price, description. */
function ShowDetails({ event }: { event: EventItem }) {
  const status = event.availability ? STATUS[event.availability] : null;
  if (!status && !event.address && !event.performers && event.price === undefined && !event.description) return null;
  return (
    <>
      {status ? <p className={`event-card__status event-card__status--${event.availability}`}>{status}</p> : null}
      {event.address ? <p className="event-card__address">{event.address}</p> : null}
      {event.performers ? <p className="event-card__performers">With {event.performers}</p> : null}
      {event.price !== undefined ? <p className="event-card__price">{priceText(event.price, event.currency)}</p> : null}
      {event.description ? <p className="event-card__description">{event.description}</p> : null}
    </>
  );
}
