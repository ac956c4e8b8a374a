import { SETTINGS_EVENTS_PATH, eventVersion, watchSettingsEvents } from './settings-events';

/** An EventSource stand-in: the tests play the server's events into it. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  private readonly handlers = new Map<string, ((event: { data: string }) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(name: string, handler: (event: { data: string }) => void): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  emit(name: string, data: unknown): void {
    for (const handler of this.handlers.get(name) ?? []) handler({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

beforeEach(() => {
  FakeEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});

afterAll(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('the settings event stream: one per tab, shared', () => {
  it('opens one stream for every listener, tells each the events it wants, and closes after the last leaves', async () => {
    const editor = { lock: jest.fn(), draft: jest.fn(), snapshots: jest.fn() };
    const shell = { live: jest.fn() };
    const stopEditor = watchSettingsEvents(editor);
    const stopShell = watchSettingsEvents(shell);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([SETTINGS_EVENTS_PATH]);
    const stream = FakeEventSource.opened[0]!;

    stream.emit('lock', { lock: null });
    stream.emit('draft', { version: 4 });
    stream.emit('live', { version: 9 });
    stream.emit('live', '{not json');
    stream.emit('snapshots', { count: 2, newest: 40, published: 31 });
    expect(editor.lock).toHaveBeenCalledWith({ lock: null });
    expect(editor.draft).toHaveBeenCalledWith({ version: 4 });
    expect(editor.snapshots.mock.calls).toEqual([[{ count: 2, newest: 40, published: 31 }]]);
    expect(shell.live.mock.calls).toEqual([[{ version: 9 }]]);

    stopEditor();
    expect(stream.readyState).not.toBe(FakeEventSource.CLOSED);
    stopShell();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('tells a listener that joins an open stream the last value of each of its events, as its own stream would', async () => {
    const stopShell = watchSettingsEvents({ live: jest.fn() });
    const stream = FakeEventSource.opened[0]!;
    stream.emit('lock', { lock: { holder_email: 'ada@example.com' } });
    stream.emit('draft', { version: 3 });
    stream.emit('draft', { version: 5 });

    const editor = { lock: jest.fn(), draft: jest.fn() };
    const stopEditor = watchSettingsEvents(editor);
    expect(editor.draft).not.toHaveBeenCalled();
    await settle();
    expect(editor.lock.mock.calls).toEqual([[{ lock: { holder_email: 'ada@example.com' } }]]);
    expect(editor.draft.mock.calls).toEqual([[{ version: 5 }]]);
    expect(FakeEventSource.opened).toHaveLength(1);
    stopEditor();
    stopShell();
  });

  it('opens the stream again after the server closed it for good (a refused stream does not reconnect by itself)', () => {
    const stop = watchSettingsEvents({ live: jest.fn() });
    FakeEventSource.opened[0]!.close();
    const again = watchSettingsEvents({ live: jest.fn() });
    expect(FakeEventSource.opened).toHaveLength(2);
    stop();
    again();
  });

  it('reads the version of draft and live events', () => {
    expect(eventVersion({ version: 12 })).toBe(12);
    expect(eventVersion({ version: '12' })).toBeNull();
    expect(eventVersion(null)).toBeNull();
  });
});
