import { Injectable } from '@nestjs/common';
import { IdSource } from '../../platform/event-sourcing/clock';
import { PrivacyStore } from '../../privacy';
import { ContactStreams } from '../contact-streams';
import type { ContactMessage } from '@punchline/domain';

export interface SubmitContactMessageResult {
  messageId: string;
  /** Global position of the recorded message (never null: receiving always records). */
  position: number | null;
}

@Injectable()
export class SubmitContactMessageHandler {
  constructor(
    private readonly streams: ContactStreams,
    private readonly ids: IdSource,
    private readonly privacy: PrivacyStore,
  ) {}

  /**
   * A visitor is nobody's account: actorEmail stays null; a new id names the message's stream. The
   * words go to the privacy store first and the log records only their reference (DESIGN §16); an
   * append that fails takes the stored words back, so nothing is kept that the log does not name.
   * The visitor's answer does not wait for the inbox to show it (the deliverer and inbox catch up).
   */
  async execute(message: ContactMessage, correlationId: string): Promise<SubmitContactMessageResult> {
    const messageId = this.ids.next();
    const { subjectId, personal } = await this.privacy.storeMessage(messageId, message);
    try {
      const { position } = await this.streams.execute(
        messageId,
        { actorEmail: null, correlationId },
        () => [{ type: 'ReceiveContactMessage', data: { messageId, subjectId, personal } }],
        { waitForProjection: false },
      );
      return { messageId, position };
    } catch (error) {
      await this.privacy.deleteRecord(personal.recordId).catch(() => undefined);
      throw error;
    }
  }
}
