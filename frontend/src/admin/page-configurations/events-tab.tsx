/** Events tab (SPEC §2): page text and the upcoming and past event lists. */
import { blankEvent, HOME_UPCOMING_EVENTS_LIMIT, type EventItem } from '@punchline/domain';
import { useEditorForm } from '../editor/editor-context';
import { FieldGrid, FormSection } from '../editor/editor-screen';
import { TextField } from '../editor/fields';
import { TextControl, UrlControl } from '../editor/form-controls';
import { ItemListEditor } from '../editor/list-controls';
import { PageThemeSection } from './page-theme-section';

function EventFields({ event, set }: { event: EventItem; set: (next: EventItem) => void }) {
  return (
    <FieldGrid>
      <TextControl label="Title" value={event.title} onChange={(title) => set({ ...event, title })} />
      <TextControl label="Date" value={event.date} placeholder="April 1, 2025" hint="Free text, shown as written." onChange={(date) => set({ ...event, date })} />
      <TextControl label="Venue" value={event.venue} onChange={(venue) => set({ ...event, venue })} />
      <UrlControl label="Ticket link" value={event.link} hint="Get Tickets shows only for http(s) links." onChange={(link) => set({ ...event, link })} />
    </FieldGrid>
  );
}

const eventTitle = (noun: string) => (event: EventItem, index: number) => [event.title.trim() || `${noun} ${index + 1}`, event.date.trim()].filter(Boolean).join(' · ');

export function EventsTab() {
  const { settings, update } = useEditorForm();
  return (
    <>
      <FormSection title="Events page">
        <TextField field="events_title" label="Title" />
        <TextField field="events_intro" label="Intro" multiline rows={2} />
      </FormSection>
      <FormSection title="Upcoming shows" description={`The home page shows the first ${HOME_UPCOMING_EVENTS_LIMIT}; the first one is the ‘Next up’ card.`}>
        <ItemListEditor<EventItem>
          legend="Upcoming events"
          items={settings.events_upcoming}
          onChange={(events_upcoming) => update({ events_upcoming })}
          newItem={blankEvent}
          addLabel="Add upcoming event"
          itemNoun="Upcoming event"
          emptyText="No upcoming shows yet."
          itemTitle={eventTitle('Upcoming event')}
          renderItem={(event, set) => <EventFields event={event} set={set} />}
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
