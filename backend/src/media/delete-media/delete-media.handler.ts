import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, MEDIA_TEXTS, draftView, findMediaUsage, isSafeMediaPath, type MediaUrlOptions } from '@punchline/domain';
import { SiteStream } from '../../settings/site-stream';
import { MediaStream } from '../media-stream';
import { MEDIA_STORAGE, MEDIA_URL_OPTIONS } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import { DeleteMediaCommand, type DeleteMediaAnswer } from './delete-media.command';

@CommandHandler(DeleteMediaCommand)
export class DeleteMediaHandler implements ICommandHandler<DeleteMediaCommand> {
  private readonly logger = new Logger('media');

  constructor(
    private readonly media: MediaStream,
    private readonly site: SiteStream,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(MEDIA_URL_OPTIONS) private readonly urlOptions: MediaUrlOptions,
  ) {}

  /**
   * SPEC §5: blocked while the draft or live settings use the file, judged on the site aggregate
   * (a decision, not a screen's view). The deletion is recorded first and the bytes removed after:
   * if that removal fails, an unlisted object is left behind, never a listed file without bytes.
   */
  async execute({ context, path }: DeleteMediaCommand): Promise<DeleteMediaAnswer> {
    if (!isSafeMediaPath(path)) throw new DomainError('INVALID_INPUT', MEDIA_TEXTS.badPath);
    const site = await this.site.current();
    const usage = findMediaUsage({ draft: draftView(site), live: site.live }, path, this.urlOptions);
    await this.media.execute(context, () => ({ type: 'DeleteMedia', data: { path, usage } }));
    await this.storage.delete(path).catch((error: unknown) => this.logger.warn(`deleted ${path} from the library but not from the store: ${String(error)}`));
    return { deleted: path };
  }
}
