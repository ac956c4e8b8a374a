import { Injectable, Inject, Logger } from '@nestjs/common';
import { DomainError, MEDIA_TEXTS, draftView, findMediaUsage, isSafeMediaPath, variantsSharedWith, type MediaImage, type MediaUrlOptions } from '@punchline/domain';
import { SiteStream } from '../../settings';
import { MediaStream } from '../media-stream';
import { MEDIA_STORAGE, MEDIA_URL_OPTIONS } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import type { AdminIssuer } from '../../platform/http/request-context';

/** SPEC §7 leaves the shape open: {deleted: path}. A used file answers 409 {error, usage}. */
export interface DeleteMediaAnswer {
  deleted: string;
}

@Injectable()
export class DeleteMediaHandler {
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
  async execute(actor: AdminIssuer, path: string): Promise<DeleteMediaAnswer> {
    if (!isSafeMediaPath(path)) throw new DomainError('INVALID_INPUT', MEDIA_TEXTS.badPath);
    const site = await this.site.current();
    const usage = findMediaUsage({ draft: draftView(site), live: site.live }, path, this.urlOptions);
    let image: MediaImage | undefined;
    const outcome = await this.media.execute(actor, (state) => {
      image = state.files.get(path)?.image;
      return { type: 'DeleteMedia', data: { path, usage } };
    });
    const leftover = (key: string) => (error: unknown) => this.logger.warn(`deleted ${path} from the library but not ${key} from the store: ${String(error)}`);
    await this.storage.delete(path).catch(leftover(path));
    // Its variants go too, unless an identical file (same content) still uses them.
    if (image?.contentSha256 && !variantsSharedWith(outcome.state, path, image.contentSha256)) {
      for (const variant of image.variants) await this.storage.delete(variant.key).catch(leftover(variant.key));
    }
    return { deleted: path };
  }
}
