import { Inject, Injectable } from '@nestjs/common';
import {
  CONTACT_RESPONSE_TEXTS,
  contactResponseDecider,
  contactStreamId,
  isContactEventType,
  type ContactEvent,
  type ContactResponseCommand,
  type ContactResponseState,
  type EventStore,
  type RecordedEvent,
} from '@punchline/domain';
import { type AggregateRunner, AggregateRunners, type CommandIssuer, type CommandOutcome, type ExecuteOptions } from '../platform/event-sourcing/aggregate-runner';
import { EVENT_STORE } from '../platform/platform.module';

export type ContactCommandOutcome = CommandOutcome<ContactResponseState, ContactEvent>;

/**
 * The per-message aggregates through the one aggregate runner. A message's stream holds a handful of
 * events, so each command folds it from the store (one indexed read) instead of caching: there is no
 * history to skip, and a cache of 100,000 messages would only grow.
 */
@Injectable()
export class ContactStreams {
  private readonly runner: AggregateRunner<ContactResponseState, ContactResponseCommand, ContactEvent>;

  constructor(
    runners: AggregateRunners,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.runner = runners.create({ decider: contactResponseDecider, name: 'contact', staleRevisionText: CONTACT_RESPONSE_TEXTS.staleRevision, cache: false });
  }

  /** The message's events as recorded, with their metadata (empty for a message that does not exist). */
  async history(messageId: string): Promise<RecordedEvent[]> {
    const events = await this.store.readStream(contactStreamId(messageId));
    for (const event of events) {
      if (!isContactEventType(event.type)) throw new Error(`Unexpected event ${event.type} in stream ${event.streamId}`);
    }
    return events;
  }

  /**
   * Decides the commands `build(now)` returns, in order, each on the state the previous left, and
   * appends all their events at once.
   */
  execute(messageId: string, issuer: CommandIssuer, build: (now: string, state: ContactResponseState) => ContactResponseCommand[], options: ExecuteOptions): Promise<ContactCommandOutcome> {
    return this.runner.execute(contactStreamId(messageId), issuer, ({ now, state }) => build(now, state), options);
  }
}
