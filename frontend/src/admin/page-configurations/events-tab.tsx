/** Events tab (SPEC §2): page text and the upcoming and past event lists. */
import {
  blankEvent,
  describeShowDateProblem,
  HOME_UPCOMING_EVENTS_LIMIT,
  isCurrencyCode,
  isShowPrice,
  readShowDate,
  SHOW_CURRENCY_MESSAGE,
  SHOW_OPTIONAL_FIELDS,
  SHOW_PRICE_MESSAGE,
  showDateProblem,
  type EventItem,
  type ShowAvailability,
} from '@punchline/domain';
import { passedShows, showDateText, sortByDate } from './events-dates';
import { useState } from 'react';
import { useEditorForm } from '../editor/editor-context';
import { FieldGrid, FormSection } from '../editor/editor-screen';
import { TextField } from '../editor/fields';
import { MediaControl } from '../editor/media-field';
import { SelectControl, TextControl, UrlControl } from '../ui/form-controls';
import { ItemListEditor } from '../ui/list-controls';
import { PageThemeSection } from './page-theme-section';

type OptionalShowField = (typeof SHOW_OPTIONAL_FIELDS)[number];

const AVAILABILITY_OPTIONS: { value: ShowAvailability | ''; label: string }[] = [
  { value: '', label: 'Not stated' },
  { value: 'on_sale', label: 'On sale' },
  { value: 'sold_out', label: 'Sold out' },
  { value: 'cancelled', label: 'Cancelled' },
];

/**
 * What the editor says beside a date (issues 14, 31): a weekday that contradicts the date, or (for
 * upcoming shows, which feed the calendar and search results) a date that cannot be read; else
 * the passed-date nudge.
 */
function dateMessage(date: string, upcoming: boolean, passed: boolean | undefined): { text: string; tone: 'error' | 'info' } | undefined {
  const problem = showDateProblem(date, new Date());
  if (problem?.kind === 'weekday') return { text: describeShowDateProblem(problem), tone: 'error' };
  if (problem && upcoming) return { text: describeShowDateProblem(problem), tone: 'info' };
  return passed ? { text: 'This date has passed: move the show to Past shows.', tone: 'info' } : undefined;
}

function EventFields({ event, set, passed, upcoming, canEdit }: { event: EventItem; set: (next: EventItem) => void; passed?: boolean; upcoming: boolean; canEdit: boolean }) {
  const when = readShowDate(event.date, new Date());
  const message = dateMessage(event.date, upcoming, passed);
  const name = event.title.trim() || 'this show';
  // Optional fields (issue 31) leave the record when cleared, as the server stores them.
  const setOptional = (key: OptionalShowField, value: string) => {
    const next: EventItem = { ...event };
    if (value.trim() === '') delete next[key];
    else (next as unknown as Record<string, string>)[key] = value;
    set(next);
  };
  return (
    <>
      <FieldGrid>
        <TextControl label="Title" value={event.title} onChange={(title) => set({ ...event, title })} />
        <div className="ed-date-pair">
          <TextControl
            label="Date"
            value={event.date}
            placeholder="March 13, 2027 8pm"
            hint="Free text, shown as written ('TBA' is fine); a time is read in the site time zone (General Settings). Pick a day to write it for you."
            message={message?.text}
            messageTone={message?.tone ?? 'info'}
            onChange={(date) => set({ ...event, date })}
          />
          <label className="ed-date-pick">
            <span className="visually-hidden">Pick the date of {name}</span>
            <input type="date" value={when?.date ?? ''} onChange={(e) => e.target.value && set({ ...event, date: showDateText(e.target.value) })} />
          </label>
        </div>
        <TextControl label="Venue" value={event.venue} onChange={(venue) => set({ ...event, venue })} />
        <UrlControl label="Ticket link" value={event.link} hint="Get Tickets shows only for http(s) links." onChange={(link) => set({ ...event, link })} />
      </FieldGrid>
      {upcoming ? <ShowDetails event={event} name={name} setOptional={setOptional} canEdit={canEdit} /> : null}
    </>
  );
}

/** The optional details of an upcoming show (issue 31): what calendars and search engines show beside the date. */
function ShowDetails({ event, name, setOptional, canEdit }: { event: EventItem; name: string; setOptional: (key: OptionalShowField, value: string) => void; canEdit: boolean }) {
  const price = event.price ?? '';
  const currency = event.currency ?? '';
  return (
    <>
      <FieldGrid>
        <TextControl
          label="Address"
          value={event.address ?? ''}
          placeholder="12 Main St, Chicago, IL 60601"
          hint="Optional. Street, city and postal code on one line: search engines need it to show the event."
          autoComplete="off"
          onChange={(value) => setOptional('address', value)}
        />
        <TextControl label="Performers" value={event.performers ?? ''} hint="Optional. Names separated by commas." onChange={(value) => setOptional('performers', value)} />
        <TextControl
          label="Price"
          value={price}
          placeholder="15"
          hint="Optional. A number such as 15 or 12.50; 0 for a free show."
          message={price !== '' && !isShowPrice(price) ? SHOW_PRICE_MESSAGE : undefined}
          onChange={(value) => setOptional('price', value)}
        />
        <TextControl
          label="Currency"
          value={currency}
          placeholder="USD"
          maxLength={3}
          hint="Optional. Three letters, such as USD or EUR; needed with a price."
          message={currency !== '' && !isCurrencyCode(currency) ? SHOW_CURRENCY_MESSAGE : price !== '' && currency === '' ? 'Add the currency of the price.' : undefined}
          messageTone={currency !== '' && !isCurrencyCode(currency) ? 'error' : 'info'}
          onChange={(value) => setOptional('currency', value.toUpperCase())}
        />
        <SelectControl<ShowAvailability | ''>
          label="Ticket availability"
          value={event.availability ?? ''}
          options={AVAILABILITY_OPTIONS}
          hint="Optional. Cancelled shows stay listed, marked cancelled in calendars and search results."
          onChange={(value) => setOptional('availability', value)}
        />
      </FieldGrid>
      <TextControl label="Description" value={event.description ?? ''} multiline rows={2} hint="Optional. A sentence or two about the show." onChange={(value) => setOptional('description', value)} />
      <MediaControl label={`Image of ${name}`} kind="image" value={event.image_url ?? ''} disabled={!canEdit} onChange={(value) => setOptional('image_url', value)} />
    </>
  );
}

const eventTitle = (noun: string) => (event: EventItem, index: number) => [event.title.trim() || `${noun} ${index + 1}`, event.date.trim()].filter(Boolean).join(' · ');

export function EventsTab() {
  const { settings, update, canEdit } = useEditorForm();
  const [now] = useState(() => new Date());
  const passed = passedShows(settings.events_upcoming, now, settings.site_timezone);
  const movePast = () =>
    update({ events_upcoming: settings.events_upcoming.filter((e) => !passed.has(e)), events_past: [...[...passed].reverse(), ...settings.events_past] });
  return (
    <>
      <FormSection title="Events page">
        <TextField field="events_title" label="Title" />
        <TextField field="events_intro" label="Intro" multiline rows={2} />
      </FormSection>
      <FormSection title="Upcoming shows" description={`The home page shows the first ${HOME_UPCOMING_EVENTS_LIMIT}; the first one is the ‘Next up’ card.`}>
        {passed.size > 0 ? (
          // A nudge, not an automatism (issue 14): moving them is a normal draft edit the admin saves.
          <div className="kit-message kit-message--info ed-reading-gap" role="status">
            <p>
              {passed.size === 1 ? '1 upcoming show has a date in the past.' : `${passed.size} upcoming shows have dates in the past.`} Visitors still see
              {passed.size === 1 ? ' it' : ' them'} under Upcoming.
            </p>
            {canEdit ? (
              <button type="button" className="kit-button kit-button--small" onClick={movePast}>
                Move past shows to Past
              </button>
            ) : null}
          </div>
        ) : null}
        {canEdit && settings.events_upcoming.length > 1 ? (
          <button type="button" className="kit-button kit-button--small ed-sort-button" onClick={() => update({ events_upcoming: sortByDate(settings.events_upcoming, now) })}>
            Sort by date
          </button>
        ) : null}
        <ItemListEditor<EventItem>
          legend="Upcoming events"
          items={settings.events_upcoming}
          onChange={(events_upcoming) => update({ events_upcoming })}
          newItem={blankEvent}
          addLabel="Add upcoming event"
          itemNoun="Upcoming event"
          emptyText="No upcoming shows yet."
          itemTitle={(event, index) => `${eventTitle('Upcoming event')(event, index)}${passed.has(event) ? ' · date has passed' : ''}`}
          renderItem={(event, set) => <EventFields event={event} set={set} passed={passed.has(event)} upcoming canEdit={canEdit} />}
        />
      </FormSection>
      <FormSection title="Past shows">
        <ItemListEditor<EventItem>
          legend="Past events"
          items={settings.events_past}
          onChange={(events_past) => update({ events_past })}
          newItem={blankEvent}
          addLabel="Add past event"
          itemNoun="Past event"
          emptyText="No past shows yet."
          itemTitle={eventTitle('Past event')}
          renderItem={(event, set) => <EventFields event={event} set={set} upcoming={false} canEdit={canEdit} />}
        />
      </FormSection>
      <PageThemeSection page="events" />
    </>
  );
}
