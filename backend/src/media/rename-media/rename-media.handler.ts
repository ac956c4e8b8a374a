import { Injectable, Inject, Logger } from '@nestjs/common';
import {
  DomainError,
  MEDIA_TEXTS,
  draftView,
  isSafeMediaPath,
  mediaProxyUrl,
  mediaRenameReplacements,
  planMediaRename,
  type MediaUrlOptions,
} from '@punchline/domain';
import { SiteStream } from '../../settings';
import { MediaStream } from '../media-stream';
import { MEDIA_STORAGE, MEDIA_URL_OPTIONS } from '../media.tokens';
import { StoredObjectMissingError, type MediaStorage } from '../storage/media-storage.port';
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

@Injectable()
export class RenameMediaHandler {
  private readonly logger = new Logger('media');

  constructor(
    private readonly media: MediaStream,
    private readonly site: SiteStream,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(MEDIA_URL_OPTIONS) private readonly urlOptions: MediaUrlOptions,
  ) {}

  /**
   * Moves the bytes, records the rename (moving them back if that is refused), then has the site
   * aggregate rewrite every link to the old file in draft and live (one MediaReferencesRewritten per
   * stage that had any). A blank or unchanged name changes nothing (SPEC §5).
   */
  async execute(actor: AdminIssuer, fromPath: string, toName: string): Promise<RenameMediaAnswer> {
    if (!isSafeMediaPath(fromPath)) throw new DomainError('INVALID_INPUT', MEDIA_TEXTS.badPath);
    const unchanged = { totalUpdated: 0, replacements: { draft: 0, live: 0 }, path: fromPath, url: mediaProxyUrl(fromPath) };
    const plan = await this.media.read((state) => planMediaRename(state, fromPath, toName));
    if (plan.kind === 'noop') return unchanged;

    try {
      await this.storage.move(plan.fromPath, plan.toPath);
    } catch (error) {
      if (error instanceof StoredObjectMissingError) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound, { path: fromPath });
      throw error;
    }
    try {
      const outcome = await this.media.execute(actor, () => ({ type: 'RenameMedia', data: { fromPath, toName } }));
      const recorded = outcome.events[0];
      // Another instance renamed or took the name in between: the decision no longer matches the moved bytes.
      if (recorded?.type !== 'MediaRenamed' || recorded.data.toPath !== plan.toPath) throw new DomainError('CONFLICT', MEDIA_TEXTS.nameTaken, { path: plan.toPath });
    } catch (error) {
      await this.storage.move(plan.toPath, plan.fromPath).catch((e: unknown) => this.logger.error(`could not move ${plan.toPath} back to ${plan.fromPath}: ${String(e)}`));
      throw error;
    }

    const state = await this.site.current();
    const replacements = mediaRenameReplacements({ draft: draftView(state), live: state.live }, plan.fromPath, plan.toPath, this.urlOptions);
    const rewritten = await this.site.execute(actor, { type: 'RewriteMediaReferences', data: { replacements } });
    const counts = { draft: 0, live: 0 };
    for (const event of rewritten.events) if (event.type === 'MediaReferencesRewritten') counts[event.data.stage] += event.data.count;
    return { totalUpdated: counts.draft + counts.live, replacements: counts, path: plan.toPath, url: mediaProxyUrl(plan.toPath) };
  }
}
