import { Command } from '@nestjs/cqrs';
import type { ContactMessage } from '@punchline/domain';

export interface SubmitContactMessageResult {
  messageId: string;
  /** Global position of the recorded message (never null: receiving always records). */
  position: number | null;
}

/** POST /api/contact with a valid message: record it on a stream of its own. */
export class SubmitContactMessageCommand extends Command<SubmitContactMessageResult> {
  constructor(
    readonly message: ContactMessage,
    readonly correlationId: string,
  ) {
    super();
  }
}
