import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CONTACT_RESPONSE_TEXTS, DomainError, normaliseResponseNotes, type ContactResponseCommand, type PersonalDataRef } from '@punchline/domain';
import { ContactResponsesReadService } from '../contact-responses.read';
import { isUuid } from '../../platform/http/request-context';
import { PrivacyStore, type NotesPersonalData } from '../../privacy';
import { ContactStreams } from '../contact-streams';
import { UpdateContactResponseCommand, type UpdateContactResponseResult } from './update-contact-response.command';

@CommandHandler(UpdateContactResponseCommand)
export class UpdateContactResponseHandler implements ICommandHandler<UpdateContactResponseCommand> {
  constructor(
    private readonly streams: ContactStreams,
    private readonly reads: ContactResponsesReadService,
    private readonly privacy: PrivacyStore,
  ) {}

  async execute({ context, messageId, changes }: UpdateContactResponseCommand): Promise<UpdateContactResponseResult> {
    // Message ids are uuids; anything else names no stream we would ever have written.
    if (!isUuid(messageId)) throw new DomainError('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
    const id = messageId.toLowerCase();
    // New notes are stored (sealed) before the decision, which records only their reference; when the
    // decision records nothing or is refused, the stored copy is deleted again.
    const text = typeof changes.notes === 'string' ? normaliseResponseNotes(changes.notes) : null;
    let sealed: PersonalDataRef | null = null;
    const current = new Map<string, string>();
    if (changes.notes !== undefined) {
      const notesRecord = await this.reads.notesRecordOf(id);
      if (notesRecord) for (const [recordId, r] of await this.privacy.open<NotesPersonalData>([notesRecord])) current.set(recordId, r.data.notes);
      const exists = await this.streams.history(id);
      if (exists.length === 0) throw new DomainError('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
      if (text !== null && text !== '' && text !== (notesRecord ? current.get(notesRecord) : '')) sealed = await this.privacy.storeNotes(id, text);
    }
    let recorded = false;
    try {
      await this.streams.execute(
        id,
        context,
        (now, state) => {
          const metadata = { actorEmail: context.actorEmail, now };
          const commands: ContactResponseCommand[] = [];
          if (changes.responded !== undefined) commands.push({ type: 'MarkResponse', data: { responded: changes.responded }, metadata });
          if (changes.notes !== undefined) {
            const ref = state.notes;
            const currentText = ref === null ? '' : typeof ref === 'string' ? ref : (current.get(ref.recordId) ?? '');
            commands.push({ type: 'EditResponseNotes', data: { notes: changes.notes, current: currentText, sealed }, metadata });
          }
          return commands;
        },
        { waitForProjection: true },
      ).then((outcome) => {
        recorded = outcome.events.some((e) => e.type === 'ResponseNotesEdited');
      });
    } finally {
      if (sealed && !recorded) await this.privacy.deleteRecord(sealed.recordId).catch(() => undefined);
    }
    const item = await this.reads.get(id);
    if (!item) throw new DomainError('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
    return { item };
  }
}
