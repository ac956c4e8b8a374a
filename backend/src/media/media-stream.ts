import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  MEDIA_STREAM,
  WrongExpectedRevisionError,
  decideMedia,
  evolveMedia,
  initialMediaState,
  isMediaEventType,
  type EventStore,
  type MediaCommand,
  type MediaEvent,
  type MediaState,
  type NewEvent,
} from '@punchline/domain';
import type { Projector } from '@punchline/projections';
import { EVENT_STORE, PROJECTOR } from '../platform/platform.module';
import type { SiteCommandContext } from '../settings/settings-request';

/** Bounded read-your-writes wait, as for settings commands. */
const PROJECTOR_WAIT_MS = 5_000;

export interface MediaCommandOutcome {
  events: MediaEvent[];
  position: number | null;
}

/**
 * The media library aggregate (DESIGN §7 media stream) held in memory with its stream revision and
 * caught up before each decision, like the site stream. Decisions of this process run one at a
 * time; a write of another instance in between makes the append fail on the expected revision, and
 * the command is decided once more on the caught-up state.
 */
@Injectable()
export class MediaStream {
  private readonly logger = new Logger('media');
  private state: MediaState = initialMediaState;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTOR) private readonly projector: Projector,
  ) {}

  /** Runs `fn` on the caught-up state, in turn with this process's decisions. */
  async read<T>(fn: (state: MediaState) => T | Promise<T>): Promise<T> {
    return this.serialised(async () => {
      await this.catchUp();
      return fn(this.state);
    });
  }

  /** Decides `build(state)`, appends, and answers once the projector has passed the events. */
  async execute(context: SiteCommandContext, build: (state: MediaState) => MediaCommand): Promise<MediaCommandOutcome> {
    const outcome = await this.serialised(() => this.decideAndAppend(context, build));
    if (outcome.position !== null && !(await this.projector.waitFor(outcome.position, PROJECTOR_WAIT_MS))) {
      this.logger.warn(`Projector did not reach position ${outcome.position} within ${PROJECTOR_WAIT_MS} ms`);
    }
    return outcome;
  }

  private async decideAndAppend(context: SiteCommandContext, build: (state: MediaState) => MediaCommand): Promise<MediaCommandOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      await this.catchUp();
      const events = decideMedia(this.state, build(this.state));
      if (events.length === 0) return { events, position: null };
      const expected = this.state.revision;
      const occurredAt = new Date().toISOString();
      const envelopes: NewEvent[] = events.map((event) => ({
        eventId: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: { actorEmail: context.actorEmail.trim().toLowerCase(), correlationId: context.correlationId, causationId: null, occurredAt },
      }));
      try {
        const appended = await this.store.append(MEDIA_STREAM, envelopes, { expectedRevision: expected < 0 ? 'no_stream' : expected });
        let next = this.state;
        for (const event of events) next = evolveMedia(next, event);
        if (next.revision !== appended.nextExpectedRevision) {
          // Should not happen (the append was at our revision); re-read rather than trust a drifted fold.
          this.state = initialMediaState;
          await this.catchUp();
        } else {
          this.state = next;
        }
        return { events, position: appended.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= 2) throw new DomainError('STALE_REVISION', 'The media library changed at the same time; try again.');
      }
    }
  }

  private async catchUp(): Promise<void> {
    const events = await this.store.readStream(MEDIA_STREAM, { fromRevision: this.state.revision + 1 });
    let state = this.state;
    for (const event of events) {
      if (event.streamRevision !== state.revision + 1) continue;
      if (!isMediaEventType(event.type)) throw new Error(`Unexpected event ${event.type} in stream ${MEDIA_STREAM}`);
      state = evolveMedia(state, event as unknown as MediaEvent);
    }
    this.state = state;
  }

  private serialised<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
