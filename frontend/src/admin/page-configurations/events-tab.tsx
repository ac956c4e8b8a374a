/** Events tab (SPEC §2): page text and the upcoming and past event lists. */
import { blankEvent, HOME_UPCOMING_EVENTS_LIMIT, readShowDate, type EventItem } from '@punchline/domain';
import { passedShows, showDateText, sortByDate } from './events-dates';
import { useState } from 'react';
import { useEditorForm } from '../editor/editor-context';
import { FieldGrid, FormSection } from '../editor/editor-screen';
import { TextField } from '../editor/fields';
import { TextControl, UrlControl } from '../ui/form-controls';
import { ItemListEditor } from '../ui/list-controls';
import { PageThemeSection } from './page-theme-section';

function EventFields({ event, set, passed }: { event: EventItem; set: (next: EventItem) => void; passed?: boolean }) {
  const when = readShowDate(event.date, new Date());
  return (
    <FieldGrid>
      <TextControl label="Title" value={event.title} onChange={(title) => set({ ...event, title })} />
      <div className="ed-date-pair">
        <TextControl
          label="Date"
          value={event.date}
          placeholder="April 1, 2025"
          hint="Free text, shown as written ('TBA' is fine). Pick a day to write it for you."
          message={passed ? 'This date has passed: move the show to Past shows.' : undefined}
          messageTone="info"
          onChange={(date) => set({ ...event, date })}
        />
        <label className="ed-date-pick">
          <span className="visually-hidden">Pick the date of {event.title.trim() || 'this show'}</span>
          <input type="date" value={when?.date ?? ''} onChange={(e) => e.target.value && set({ ...event, date: showDateText(e.target.value) })} />
        </label>
      </div>
      <TextControl label="Venue" value={event.venue} onChange={(venue) => set({ ...event, venue })} />
      <UrlControl label="Ticket link" value={event.link} hint="Get Tickets shows only for http(s) links." onChange={(link) => set({ ...event, link })} />
    </FieldGrid>
  );
}

const eventTitle = (noun: string) => (event: EventItem, index: number) => [event.title.trim() || `${noun} ${index + 1}`, event.date.trim()].filter(Boolean).join(' · ');

export function EventsTab() {
  const { settings, update, canEdit } = useEditorForm();
  const [now] = useState(() => new Date());
  const passed = passedShows(settings.events_upcoming, now);
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
          <div className="ed-message ed-message--info ed-reading-gap" role="status">
            <p>
              {passed.size === 1 ? '1 upcoming show has a date in the past.' : `${passed.size} upcoming shows have dates in the past.`} Visitors still see
              {passed.size === 1 ? ' it' : ' them'} under Upcoming.
            </p>
            {canEdit ? (
              <button type="button" className="ed-button ed-button--small" onClick={movePast}>
                Move past shows to Past
              </button>
            ) : null}
          </div>
        ) : null}
        {canEdit && settings.events_upcoming.length > 1 ? (
          <button type="button" className="ed-button ed-button--small ed-sort-button" onClick={() => update({ events_upcoming: sortByDate(settings.events_upcoming, now) })}>
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
          renderItem={(event, set) => <EventFields event={event} set={set} passed={passed.has(event)} />}
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
          renderItem={(event, set) => <EventFields event={event} set={set} />}
        />
      </FormSection>
      <PageThemeSection page="events" />
    </>
  );
}
