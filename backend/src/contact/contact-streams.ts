import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CONTACT_RESPONSE_TEXTS,
  DomainError,
  WrongExpectedRevisionError,
  contactStreamId,
  decideContactResponse,
  evolveContactResponse,
  initialContactResponseState,
  isContactEventType,
  type ContactEvent,
  type ContactResponseCommand,
  type ContactResponseState,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@punchline/domain';
import type { Projector } from '@punchline/projections';
import { EVENT_STORE, PROJECTOR } from '../platform/platform.module';
import { ContactClock } from './contact-clock';

/** Bounded read-your-writes wait; past it the answer may lag, which is logged. */
const PROJECTOR_WAIT_MS = 5_000;

export interface ContactCommandOutcome {
  events: ContactEvent[];
  /** Global position of the last appended event; null when the decision recorded nothing. */
  position: number | null;
}

export interface ContactIssuer {
  /** null for the deliverer (no person did it). */
  actorEmail: string | null;
  correlationId: string;
  /** The event that caused this command (the deliverer names the message it delivered). */
  causationId?: string | null;
}

/** Decisions on one message after losing this many races with other instances answer 409. */
const MAX_ATTEMPTS = 3;

/**
 * The per-message aggregates. A message's stream holds a handful of events, so each command folds
 * it from the store (one indexed read) instead of caching: there is no history to skip. Commands on
 * one message run one at a time in this process (admins and the deliverer alike), so they never race
 * each other; appends use the exact revision read, so a write from another instance in between makes
 * the append fail and the command is decided once more on the new history (409 after three losses).
 */
@Injectable()
export class ContactStreams {
  private readonly logger = new Logger('contact');
  /** Tail of the queue of commands per message id; removed when the queue empties. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTOR) private readonly projector: Projector,
    private readonly clock: ContactClock,
  ) {}

  /** The message's events as recorded (empty for a message that does not exist). */
  async history(messageId: string): Promise<RecordedEvent[]> {
    const events = await this.store.readStream(contactStreamId(messageId));
    for (const event of events) {
      if (!isContactEventType(event.type)) throw new Error(`Unexpected event ${event.type} in stream ${event.streamId}`);
    }
    return events;
  }

  async load(messageId: string): Promise<ContactResponseState> {
    let state = initialContactResponseState;
    for (const event of await this.history(messageId)) state = evolveContactResponse(state, event as unknown as ContactEvent);
    return state;
  }

  /**
   * Decides the commands `build(now)` returns, in order, each on the state the previous left, and
   * appends all their events at once. With `waitForProjection` it answers once the read model shows them.
   */
  async execute(
    messageId: string,
    issuer: ContactIssuer,
    build: (now: string) => ContactResponseCommand[],
    options: { waitForProjection: boolean },
  ): Promise<ContactCommandOutcome> {
    const outcome = await this.serialised(messageId, () => this.decideAndAppend(messageId, issuer, build));
    if (outcome.position !== null && options.waitForProjection && !(await this.projector.waitFor(outcome.position, PROJECTOR_WAIT_MS))) {
      this.logger.warn(`Projector did not reach position ${outcome.position} within ${PROJECTOR_WAIT_MS} ms`);
    }
    return outcome;
  }

  private async decideAndAppend(messageId: string, issuer: ContactIssuer, build: (now: string) => ContactResponseCommand[]): Promise<ContactCommandOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      const state = await this.load(messageId);
      const now = this.clock.now().toISOString();
      const events: ContactEvent[] = [];
      let next = state;
      for (const command of build(now)) {
        for (const event of decideContactResponse(next, command)) {
          next = evolveContactResponse(next, event);
          events.push(event);
        }
      }
      if (events.length === 0) return { events, position: null };
      const envelopes: NewEvent[] = events.map((event) => ({
        eventId: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: { actorEmail: issuer.actorEmail?.trim().toLowerCase() ?? null, correlationId: issuer.correlationId, causationId: issuer.causationId ?? null, occurredAt: now },
      }));
      try {
        const appended = await this.store.append(contactStreamId(messageId), envelopes, { expectedRevision: state.revision });
        return { events, position: appended.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw new DomainError('STALE_REVISION', CONTACT_RESPONSE_TEXTS.staleRevision);
      }
    }
  }

  /** Runs fn after every earlier command on the same message in this process has finished. */
  private serialised<T>(messageId: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(messageId) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    this.queues.set(messageId, tail);
    void tail.then(() => {
      if (this.queues.get(messageId) === tail) this.queues.delete(messageId);
    });
    return run;
  }
}
