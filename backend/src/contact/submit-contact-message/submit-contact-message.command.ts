import { Command } from '@nestjs/cqrs';
import type { ContactMessage } from '@punchline/domain';

export interface SubmitContactMessageResult {
  messageId: string;
  position: number;
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
