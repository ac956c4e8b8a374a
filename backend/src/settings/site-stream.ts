import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  SITE_STREAM,
  WrongExpectedRevisionError,
  decideSite,
  evolveSite,
  initialSiteState,
  isSiteEventType,
  type EventStore,
  type NewEvent,
  type SiteCommand,
  type SiteEvent,
  type SiteState,
} from '@punchline/domain';
import type { Projector } from '@punchline/projections';
import { EVENT_STORE, PROJECTOR } from '../platform/platform.module';
import { SettingsClock } from './settings-clock';
import { SettingsReadService } from './settings-read.service';
import type { SiteCommandContext } from './settings-request';
import { SETTINGS_TEXTS } from './settings-texts';

/** Bounded read-your-writes wait; past it the answer may lag, which is logged. */
const PROJECTOR_WAIT_MS = 5_000;

export interface SiteCommandOutcome {
  events: SiteEvent[];
  /** Global position of the last appended event; null when the decision recorded nothing. */
  position: number | null;
  /** The aggregate right after the decision. */
  state: SiteState;
}

/**
 * The site aggregate (DESIGN §5, §7) held in memory with its stream revision and caught up from there
 * before each decision: a command reads only the events appended since the last one, never the whole
 * history (the first command after start folds the stream once). Decisions of this process run one
 * at a time, so they never race each other; a write from another instance in between makes the append
 * fail on the exact expected revision, and the command is decided once more after catching up.
 */
@Injectable()
export class SiteStream {
  private readonly logger = new Logger('site');
  private state: SiteState = initialSiteState;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTOR) private readonly projector: Projector,
    private readonly clock: SettingsClock,
    private readonly reads: SettingsReadService,
  ) {}

  /**
   * Decides `build(now)` on the current state and appends the events; answers once the projector has
   * passed them, so the caller's response and the next read see the write. `now` is read after
   * catching up, so events of one stream carry non-decreasing times even across instances.
   */
  async execute(context: SiteCommandContext, build: (now: string) => SiteCommand): Promise<SiteCommandOutcome> {
    const outcome = await this.serialised(() => this.decideAndAppend(context, build));
    if (outcome.position !== null) {
      if (!(await this.projector.waitFor(outcome.position, PROJECTOR_WAIT_MS))) {
        this.logger.warn(`Projector did not reach position ${outcome.position} within ${PROJECTOR_WAIT_MS} ms`);
      }
      this.reads.invalidate();
    }
    return outcome;
  }

  /** The caught-up state, for checks that must see the aggregate rather than a read model. */
  async current(): Promise<SiteState> {
    return this.serialised(async () => {
      await this.catchUp();
      return this.state;
    });
  }

  private async decideAndAppend(context: SiteCommandContext, build: (now: string) => SiteCommand): Promise<SiteCommandOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      await this.catchUp();
      const now = this.clock.now().toISOString();
      const command = build(now);
      const events = decideSite(this.state, command);
      if (events.length === 0) return { events, position: null, state: this.state };
      const expected = this.state.revision;
      const envelopes: NewEvent[] = events.map((event) => ({
        eventId: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: { actorEmail: context.actorEmail.trim().toLowerCase(), correlationId: context.correlationId, causationId: null, occurredAt: now },
      }));
      try {
        const appended = await this.store.append(SITE_STREAM, envelopes, { expectedRevision: expected < 0 ? 'no_stream' : expected });
        let next = this.state;
        for (const event of events) next = evolveSite(next, event);
        if (next.revision !== appended.nextExpectedRevision) {
          // Should not happen (the append was at our revision); re-read rather than trust a drifted fold.
          this.state = initialSiteState;
          await this.catchUp();
        } else {
          this.state = next;
        }
        return { events, position: appended.position, state: this.state };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= 2) throw new DomainError('STALE_REVISION', SETTINGS_TEXTS.staleRevision);
      }
    }
  }

  private async catchUp(): Promise<void> {
    const events = await this.store.readStream(SITE_STREAM, { fromRevision: this.state.revision + 1 });
    let state = this.state;
    for (const event of events) {
      if (event.streamRevision !== state.revision + 1) continue;
      if (!isSiteEventType(event.type)) throw new Error(`Unexpected event ${event.type} in stream ${SITE_STREAM}`);
      state = evolveSite(state, event as unknown as SiteEvent);
    }
    this.state = state;
  }

  /** Runs fn after every earlier call of this process has finished (a promise-chain mutex). */
  private serialised<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
