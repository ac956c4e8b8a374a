import { Logger } from '@nestjs/common';
import { type Decider, DomainError, type EventStore, type NewEvent, WrongExpectedRevisionError } from '@punchline/domain';
import type { Projector } from '@punchline/projections';
import type { Clock, IdSource } from './clock';

/** Bounded read-your-writes wait; past it the answer may lag, which is logged. */
const PROJECTOR_WAIT_MS = 5_000;

/**
 * The answer when a write was recorded but the read model that should show it has not caught up
 * within the wait (its projector is failing, as on a full disk): 503 without Retry-After and with
 * `recorded: true`, because sending it again would record it twice. Not a 500: nothing is broken
 * in the request, and the write is safe in the log.
 */
export function recordedNotYetShown(what: string): DomainError {
  return new DomainError('UNAVAILABLE', `${what} was saved, but the server has not caught up with it yet, so it cannot be shown. Reload in a moment; do not send it again.`, {
    recorded: true,
  });
}

/** Who issues a command and which request (or earlier event) ties its events together. */
export interface CommandIssuer {
  /** null when no person did it (the contact deliverer, a scheduled job). */
  actorEmail: string | null;
  correlationId: string;
  /** The event that caused this command, when one did. */
  causationId?: string | null;
}

export interface CommandOutcome<State, Event> {
  /** The events recorded, in order; empty when the command changed nothing. */
  events: Event[];
  /** Global position of the last appended event; null when nothing was recorded. */
  position: number | null;
  /** The aggregate right after the decision. */
  state: State;
}

export interface AggregateOptions<State, Command, Event extends { type: string; data: unknown }> {
  decider: Decider<State, Command, Event>;
  /** Logger context, e.g. 'site'. */
  name: string;
  /** The 409 message after losing every race with other instances. */
  staleRevisionText: string;
  /**
   * Keep each stream's state in memory and read only the events appended since (one long-lived
   * stream such as the site), or fold the stream on every command (many short streams such as one
   * per contact message, where a cache would only grow).
   */
  cache: boolean;
  /** Tries before STALE_REVISION; each lost race costs one catch-up. Default 3. */
  maxAttempts?: number;
}

export interface ExecuteOptions {
  /** Answer only once the projector has passed the events (read-your-writes). Default true. */
  waitForProjection?: boolean;
}

/** What a command is built from: the caught-up state and the time it is decided at. */
export interface DecisionInput<State> {
  state: State;
  /** ISO instant, read after catching up, so one stream's events carry non-decreasing times. */
  now: string;
}

interface Loaded<State> {
  state: State;
  /** Stream revision of the last event folded in; -1 for a stream with no events. */
  revision: number;
}

/**
 * The one way an aggregate is run (DESIGN §5, §7): load (from the cached revision) → decide →
 * append at exactly the revision decided on → on a lost race catch up and decide again (bounded)
 * → wait for the projector so the caller reads its own write. Decisions on one stream run one at a
 * time in this process, so they never race each other; a write of another instance in between
 * makes the append fail on the exact revision and the command is decided once more.
 */
export class AggregateRunner<State, Command, Event extends { type: string; data: unknown }> {
  private readonly logger: Logger;
  private readonly cached = new Map<string, Loaded<State>>();
  /** Tail of the queue of work per stream; removed when the queue empties. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly maxAttempts: number;

  constructor(
    private readonly store: EventStore,
    private readonly projector: Projector,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    private readonly options: AggregateOptions<State, Command, Event>,
  ) {
    this.logger = new Logger(options.name);
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  /** Runs `fn` on the caught-up state, in turn with this process's decisions on the stream. */
  read<T>(streamId: string, fn: (state: State) => T | Promise<T>): Promise<T> {
    return this.serialised(streamId, async () => fn((await this.load(streamId)).state));
  }

  /**
   * The cached state as it is, without reading the store (null when nothing is cached): for hot
   * read paths that must answer while the database is away, and accept a few seconds' staleness.
   */
  cachedState(streamId: string): State | null {
    return (this.options.cache && this.cached.get(streamId)?.state) || null;
  }

  /**
   * The caught-up state without queueing behind commands: for checks made on every request (is
   * this an admin?) that must see another instance's write but need not wait for this one's.
   */
  async peek(streamId: string): Promise<State> {
    return (await this.load(streamId)).state;
  }

  /**
   * Decides the command(s) `build` returns, in order, each on the state the previous left, and
   * appends all their events at once.
   */
  async execute(
    streamId: string,
    issuer: CommandIssuer,
    build: (input: DecisionInput<State>) => Command | readonly Command[],
    options: ExecuteOptions = {},
  ): Promise<CommandOutcome<State, Event>> {
    const outcome = await this.serialised(streamId, () => this.decideAndAppend(streamId, issuer, build));
    if (outcome.position !== null && options.waitForProjection !== false && !(await this.projector.waitFor(outcome.position, PROJECTOR_WAIT_MS))) {
      this.logger.warn(`Projector did not reach position ${outcome.position} within ${PROJECTOR_WAIT_MS} ms`);
    }
    return outcome;
  }

  private async decideAndAppend(
    streamId: string,
    issuer: CommandIssuer,
    build: (input: DecisionInput<State>) => Command | readonly Command[],
  ): Promise<CommandOutcome<State, Event>> {
    const { decider } = this.options;
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await this.load(streamId);
      const now = this.clock.now().toISOString();
      const built = build({ state: loaded.state, now });
      const commands: readonly Command[] = Array.isArray(built) ? built : [built as Command];
      const events: Event[] = [];
      let next = loaded.state;
      for (const command of commands) {
        for (const event of decider.decide(next, command)) {
          next = decider.evolve(next, event);
          events.push(event);
        }
      }
      if (events.length === 0) return { events, position: null, state: loaded.state };
      const envelopes: NewEvent[] = events.map((event) => ({
        eventId: this.ids.next(),
        type: event.type,
        data: event.data,
        metadata: {
          actorEmail: issuer.actorEmail?.trim().toLowerCase() ?? null,
          correlationId: issuer.correlationId,
          causationId: issuer.causationId ?? null,
          occurredAt: now,
        },
      }));
      try {
        const appended = await this.store.append(streamId, envelopes, { expectedRevision: loaded.revision < 0 ? 'no_stream' : loaded.revision });
        const after: Loaded<State> = { state: next, revision: appended.nextExpectedRevision };
        if (this.options.cache) this.remember(streamId, after);
        return { events, position: appended.position, state: next };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= this.maxAttempts) throw new DomainError('STALE_REVISION', this.options.staleRevisionText);
      }
    }
  }

  /** The stream folded up to its end: from the cached revision, or from the start when not cached. */
  private async load(streamId: string): Promise<Loaded<State>> {
    const { decider } = this.options;
    const start = this.known(streamId);
    const recorded = await this.store.readStream(streamId, { fromRevision: start.revision + 1 });
    // A peek may have caught up meanwhile: go on from whatever is newest now and fold only the next
    // revision in sequence, so no event is ever applied twice.
    let loaded = this.known(streamId);
    for (const event of recorded) {
      if (event.streamRevision !== loaded.revision + 1) continue;
      if (!decider.isEventType(event.type)) throw new Error(`Unexpected event ${event.type} in stream ${streamId}`);
      loaded = { state: decider.evolve(loaded.state, event as unknown as Event), revision: event.streamRevision };
    }
    if (this.options.cache) this.remember(streamId, loaded);
    return loaded;
  }

  private known(streamId: string): Loaded<State> {
    return (this.options.cache && this.cached.get(streamId)) || { state: this.options.decider.initialState, revision: -1 };
  }

  /** Moves the cache forward only: a slower catch-up must never put back an older state. */
  private remember(streamId: string, after: Loaded<State>): void {
    if (this.known(streamId).revision < after.revision) this.cached.set(streamId, after);
  }

  /** Runs fn after every earlier call on the same stream in this process has finished. */
  private serialised<T>(streamId: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(streamId) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    this.queues.set(streamId, tail);
    void tail.then(() => {
      if (this.queues.get(streamId) === tail) this.queues.delete(streamId);
    });
    return run;
  }
}

/** Makes the runners of every aggregate over the app's one event store, projector, clock and ids. */
export class AggregateRunners {
  constructor(
    private readonly store: EventStore,
    private readonly projector: Projector,
    private readonly clock: Clock,
    private readonly ids: IdSource,
  ) {}

  create<State, Command, Event extends { type: string; data: unknown }>(options: AggregateOptions<State, Command, Event>): AggregateRunner<State, Command, Event> {
    return new AggregateRunner(this.store, this.projector, this.clock, this.ids, options);
  }
}
