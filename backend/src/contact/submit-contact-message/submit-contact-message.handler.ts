import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { contactStreamId, receiveContactMessage, type EventStore } from '@punchline/domain';
import { EVENT_STORE } from '../../platform/platform.module';
import { SubmitContactMessageCommand, type SubmitContactMessageResult } from './submit-contact-message.command';

@CommandHandler(SubmitContactMessageCommand)
export class SubmitContactMessageHandler implements ICommandHandler<SubmitContactMessageCommand> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** A visitor is nobody's account: actorEmail stays null; the message id names the stream. */
  async execute({ message, correlationId }: SubmitContactMessageCommand): Promise<SubmitContactMessageResult> {
    const messageId = randomUUID();
    const event = receiveContactMessage(message, { messageId, eventId: randomUUID() }, {
      actorEmail: null,
      correlationId,
      causationId: null,
      occurredAt: new Date().toISOString(),
    });
    const { position } = await this.store.append(contactStreamId(messageId), [event], { expectedRevision: 'no_stream' });
    return { messageId, position };
  }
}
