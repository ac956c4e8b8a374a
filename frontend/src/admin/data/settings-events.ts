/**
 * The settings event stream (GET /api/settings/lock/events): `lock`, `draft`, `live` and `snapshots`
 * events on one EventSource per tab, shared by whoever listens (the editor: lock, draft and
 * snapshots; the shell: live).
 * A session may hold only a few streams, and a browser only a few connections per host: one stream
 * per listener would spend both twice as fast. A listener that joins an open stream hears the last
 * value of each of its events at once, as a stream of its own would tell it first. EventSource
 * reconnects by itself; a stream the server refused (closed for good) is opened again by the next
 * listener that joins.
 */
export type SettingsEventName = 'lock' | 'draft' | 'live' | 'snapshots';

/** The parsed `data` of each event, for the events a listener wants. */
export type SettingsEventListener = Partial<Record<SettingsEventName, (data: unknown) => void>>;

export const SETTINGS_EVENTS_PATH = '/api/settings/lock/events';

const EVENT_NAMES: readonly SettingsEventName[] = ['lock', 'draft', 'live', 'snapshots'];

let source: EventSource | null = null;
const listeners = new Set<SettingsEventListener>();
const last = new Map<SettingsEventName, unknown>();

function openStream(): EventSource {
  const opened = new EventSource(SETTINGS_EVENTS_PATH);
  for (const name of EVENT_NAMES) {
    opened.addEventListener(name, (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        // A malformed event changes nothing; the next one (or the listeners' own polls) will.
        return;
      }
      last.set(name, data);
      for (const listener of [...listeners]) listener[name]?.(data);
    });
  }
  return opened;
}

/** Listens to the stream (opening it for the first listener); answers the unsubscribe, which closes it after the last. */
export function watchSettingsEvents(listener: SettingsEventListener): () => void {
  // Without EventSource the listeners' own polls keep them informed.
  if (typeof EventSource === 'undefined') return () => undefined;
  if (source === null || source.readyState === EventSource.CLOSED) {
    source?.close();
    last.clear();
    source = openStream();
  }
  listeners.add(listener);
  // After the caller's own set-up, as a fresh stream's first events would arrive.
  queueMicrotask(() => {
    if (!listeners.has(listener)) return;
    for (const name of EVENT_NAMES) if (last.has(name)) listener[name]?.(last.get(name));
  });
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    source?.close();
    source = null;
    last.clear();
  };
}

/** The `{version}` of a `draft` or `live` event; null when it has none. */
export function eventVersion(data: unknown): number | null {
  const version = (data as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : null;
}
