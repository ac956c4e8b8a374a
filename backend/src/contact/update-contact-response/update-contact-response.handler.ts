import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CONTACT_RESPONSE_TEXTS, DomainError, type ContactResponseCommand } from '@punchline/domain';
import { ContactResponsesReadService } from '../contact-responses.read';
import { isUuid } from '../../platform/http/request-context';
import { ContactStreams } from '../contact-streams';
import { UpdateContactResponseCommand, type UpdateContactResponseResult } from './update-contact-response.command';

@CommandHandler(UpdateContactResponseCommand)
export class UpdateContactResponseHandler implements ICommandHandler<UpdateContactResponseCommand> {
  constructor(
    private readonly streams: ContactStreams,
    private readonly reads: ContactResponsesReadService,
  ) {}

  async execute({ context, messageId, changes }: UpdateContactResponseCommand): Promise<UpdateContactResponseResult> {
    // Message ids are uuids; anything else names no stream we would ever have written.
    if (!isUuid(messageId)) throw new DomainError('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
    const id = messageId.toLowerCase();
    await this.streams.execute(
      id,
      context,
      (now) => {
        const metadata = { actorEmail: context.actorEmail, now };
        const commands: ContactResponseCommand[] = [];
        if (changes.responded !== undefined) commands.push({ type: 'MarkResponse', data: { responded: changes.responded }, metadata });
        if (changes.notes !== undefined) commands.push({ type: 'EditResponseNotes', data: { notes: changes.notes }, metadata });
        return commands;
      },
      { waitForProjection: true },
    );
    const item = await this.reads.get(id);
    if (!item) throw new DomainError('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
    return { item };
  }
}
