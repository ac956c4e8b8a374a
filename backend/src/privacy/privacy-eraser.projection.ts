import { assertNever, isPrivacyEventType, type PrivacyEvent, type RecordedEvent } from '@punchline/domain';
import type { Projection, SqlClient } from '@punchline/projections';
import { eraseMessages } from './privacy-store';

/**
 * Carries out erasures (DESIGN §16): PersonalDataErased and ContactMessagesExpired delete the named
 * messages' records and the keys of subjects left with none, in the projector's batch transaction.
 * So the event is the one commit point of an erasure: a crash leaves it recorded and done, or
 * recorded and done by the next batch, or not recorded and nothing deleted; never half. Declares no
 * tables (replay never runs it; like the EventStoreDB log digest it is an effect, not a read model),
 * and deleting what is already gone is a no-op, so a restore that replays the log erases again.
 */
export const privacyEraserProjection: Projection = {
  name: 'privacy_eraser',
  version: 1,
  tables: [],
  async migrate(): Promise<void> {},
  async apply(tx: SqlClient, _schema: string, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      if (!isPrivacyEventType(event.type)) continue;
      const e = event as unknown as PrivacyEvent;
      switch (e.type) {
        case 'PersonalDataErased':
          await eraseMessages(tx, e.data.messageIds, [e.data.subjectId]);
          break;
        case 'ContactMessagesExpired':
          await eraseMessages(tx, e.data.messageIds);
          break;
        case 'PersonalDataMovedOutOfLog':
          break;
        default:
          assertNever(e, 'privacy event');
      }
    }
  },
};
