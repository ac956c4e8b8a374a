import { Injectable } from '@nestjs/common';
import { CONTACT_RESPONSE_TEXTS, DomainError, normaliseResponseNotes, type ContactResponseCommand, type ContactResponseState, type PersonalDataRef } from '@punchline/domain';
import { ContactResponsesReadService, type ContactResponseItem } from '../contact-responses.read';
import { isUuid, type AdminIssuer } from '../../platform/http/request-context';
import { PrivacyStore, type NotesPersonalData } from '../../privacy';
import { ContactStreams } from '../contact-streams';

/** What the admin asked to change; at least one is set (the controller refuses an empty body). */
export interface ResponseChanges {
  responded?: boolean;
  notes?: string;
}

export interface UpdateContactResponseResult {
  item: ContactResponseItem;
}

@Injectable()
export class UpdateContactResponseHandler {
  constructor(
    private readonly streams: ContactStreams,
    private readonly reads: ContactResponsesReadService,
    private readonly privacy: PrivacyStore,
  ) {}

  /**
   * PATCH /api/admin/contact-responses/:id: mark it responded or awaiting reply (SPEC §4), edit its
   * notes, or both at once (decided in that order and recorded together). A handler, not a facade
   * call: new notes are sealed in the privacy store around the decision.
   */
  async execute(actor: AdminIssuer, messageId: string, changes: ResponseChanges): Promise<UpdateContactResponseResult> {
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
      // Another instance may have saved notes after ours were read: the caught-up state then names a
      // record we have not opened. Its text is read and the decision made again, so the same notes
      // saved twice (or from two instances at once) are still recorded once.
      for (let attempt = 0; ; attempt++) {
        try {
          const outcome = await this.streams.execute(id, actor, (now, state) => this.commands(now, actor.actorEmail, state, changes, current, sealed), { waitForProjection: true });
          recorded = outcome.events.some((e) => e.type === 'ResponseNotesEdited');
          break;
        } catch (error) {
          if (!(error instanceof UnreadNotes) || attempt >= 3) throw error;
          for (const [recordId, r] of await this.privacy.open<NotesPersonalData>([error.recordId])) current.set(recordId, r.data.notes);
          if (!current.has(error.recordId)) current.set(error.recordId, '');
          // Ours now differ from what is recorded even if they equalled what we first read: store them.
          if (sealed === null && text !== null && text !== '' && text !== current.get(error.recordId)) sealed = await this.privacy.storeNotes(id, text);
        }
      }
    } finally {
      if (sealed && !recorded) await this.privacy.deleteRecord(sealed.recordId).catch(() => undefined);
    }
    const item = await this.reads.get(id);
    if (!item) throw new DomainError('NOT_FOUND', CONTACT_RESPONSE_TEXTS.notFound);
    return { item };
  }

  private commands(
    now: string,
    actorEmail: string,
    state: ContactResponseState,
    changes: ResponseChanges,
    current: Map<string, string>,
    sealed: PersonalDataRef | null,
  ): ContactResponseCommand[] {
    const metadata = { actorEmail, now };
    const commands: ContactResponseCommand[] = [];
    if (changes.responded !== undefined) commands.push({ type: 'MarkResponse', data: { responded: changes.responded }, metadata });
    if (changes.notes !== undefined) {
      const ref = state.notes;
      if (ref !== null && typeof ref !== 'string' && !current.has(ref.recordId)) throw new UnreadNotes(ref.recordId);
      const currentText = ref === null ? '' : typeof ref === 'string' ? ref : (current.get(ref.recordId) ?? '');
      commands.push({ type: 'EditResponseNotes', data: { notes: changes.notes, current: currentText, sealed }, metadata });
    }
    return commands;
  }
}

/** The caught-up message names notes this handler has not read yet (saved meanwhile, maybe by another instance). */
class UnreadNotes extends Error {
  constructor(readonly recordId: string) {
    super(`notes record ${recordId} not read yet`);
  }
}
