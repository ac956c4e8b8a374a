import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IdSource } from '../../platform/event-sourcing/clock';
import { ContactStreams } from '../contact-streams';
import { SubmitContactMessageCommand, type SubmitContactMessageResult } from './submit-contact-message.command';

@CommandHandler(SubmitContactMessageCommand)
export class SubmitContactMessageHandler implements ICommandHandler<SubmitContactMessageCommand> {
  constructor(
    private readonly streams: ContactStreams,
    private readonly ids: IdSource,
  ) {}

  /**
   * A visitor is nobody's account: actorEmail stays null; a new id names the message's stream. The
   * visitor's answer does not wait for the inbox to show it (the deliverer and inbox catch up).
   */
  async execute({ message, correlationId }: SubmitContactMessageCommand): Promise<SubmitContactMessageResult> {
    const messageId = this.ids.next();
    const { position } = await this.streams.execute(
      messageId,
      { actorEmail: null, correlationId },
      () => [{ type: 'ReceiveContactMessage', data: { messageId, message } }],
      { waitForProjection: false },
    );
    return { messageId, position };
  }
}
