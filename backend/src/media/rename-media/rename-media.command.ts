import { Command } from '@nestjs/cqrs';
import type { AdminIssuer } from '../../platform/http/request-context';

/**
 * SPEC §7: {totalUpdated, replacements {draft, live}}: how many links in each stage now name the
 * new file. `path` and `url` are where the file is now (unchanged after a no-op).
 */
export interface RenameMediaAnswer {
  totalUpdated: number;
  replacements: { draft: number; live: number };
  path: string;
  url: string;
}

export class RenameMediaCommand extends Command<RenameMediaAnswer> {
  constructor(
    readonly context: AdminIssuer,
    readonly fromPath: string,
    readonly toName: string,
  ) {
    super();
  }
}
