import { Command } from '@nestjs/cqrs';
import type { SiteCommandContext } from '../../settings/settings-request';

/** SPEC §7 leaves the shape open: {deleted: path}. A used file answers 409 {error, usage}. */
export interface DeleteMediaAnswer {
  deleted: string;
}

export class DeleteMediaCommand extends Command<DeleteMediaAnswer> {
  constructor(
    readonly context: SiteCommandContext,
    readonly path: string,
  ) {
    super();
  }
}
