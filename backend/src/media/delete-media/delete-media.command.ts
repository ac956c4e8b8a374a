import { Command } from '@nestjs/cqrs';
import type { AdminIssuer } from '../../platform/http/request-context';

/** SPEC §7 leaves the shape open: {deleted: path}. A used file answers 409 {error, usage}. */
export interface DeleteMediaAnswer {
  deleted: string;
}

export class DeleteMediaCommand extends Command<DeleteMediaAnswer> {
  constructor(
    readonly context: AdminIssuer,
    readonly path: string,
  ) {
    super();
  }
}
