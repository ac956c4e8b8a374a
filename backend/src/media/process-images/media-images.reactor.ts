import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, type ImageVariant, type MediaFile, isRasterImage, pendingImages, pendingSecondStep, variantKey, VARIANT_MIME } from '@punchline/domain';
import type { Database } from '@punchline/projections';
import { IdSource } from '../../platform/event-sourcing/clock';
import { Reactor } from '../../platform/event-sourcing/reactor-loop';
import { DATABASE } from '../../platform/platform.module';
import { cleanImage, imageSize, makeVariants, sha256Hex } from '../images/image-pipeline';
import { ImageWork } from '../images/image-work';
import { MediaStream } from '../media-stream';
import { MEDIA_STORAGE } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import { ResponsiveImages } from '../responsive-images';

/** Session advisory lock of the one image processor among app instances (715011/715012 are taken). */
export const IMAGES_LEADER_LOCK = 715013;

async function readAll(storage: MediaStorage, path: string): Promise<Buffer | null> {
  const stream = await storage.read(path);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Makes the responsive variants of raster images (issue 13), off the request path. A reactor on
 * the media stream: each pass takes one file with neither variants nor a recorded failure and makes
 * its WebP variants (MediaImageProcessed), or, when none waits, one still without its fallback
 * format and AVIF variants (MediaImageVariantsAdded), and records the result on the stream, so a crash mid-way (variants half written, nothing
 * recorded) is simply done again on the next start, and a repeated pass records nothing twice.
 * Files uploaded before the pipeline are first cleaned in place (upright, metadata stripped).
 */
@Injectable()
export class MediaImagesReactor extends Reactor implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    @Inject(DATABASE) db: Database,
    private readonly media: MediaStream,
    private readonly work: ImageWork,
    private readonly ids: IdSource,
    private readonly responsive: ResponsiveImages,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {
    super(db, IMAGES_LEADER_LOCK, new Logger('media-images'), 60_000);
  }

  protected pass(): Promise<number | null> {
    return this.processNext();
  }

  /** Files waiting for their first variants (WebP), then files waiting for the rest (fallback format, AVIF). */
  async pending(): Promise<{ first: MediaFile[]; rest: MediaFile[] }> {
    return this.media.read((state) => ({ first: pendingImages(state, isRasterImage), rest: pendingSecondStep(state) }));
  }

  /**
   * One step per pass, first variants before any second step (a new upload's WebP does not wait
   * behind another file's AVIF): answers 0 after a step (the loop comes straight back), null when none waits.
   */
  async processNext(): Promise<number | null> {
    const { first, rest } = await this.pending();
    const file = first[0] ?? rest[0];
    if (!file) return null;
    if (first[0]) await this.process(file);
    else await this.addRest(file);
    // Straight back: the step may have made more work (a file's first variants lead to its AVIF).
    return 0;
  }

  /** The second step: fallback-format and AVIF variants from the stored (clean) bytes the first ones were made from. */
  private async addRest(file: MediaFile): Promise<void> {
    const started = Date.now();
    const clean = await readAll(this.storage, file.path);
    const contentSha256 = file.image!.contentSha256!;
    if (!clean || sha256Hex(clean) !== contentSha256) {
      // The bytes are not the ones the first variants came from: record no AVIF rather than mismatched ones.
      return this.fail(file, 'The stored file changed after its first variants were made.');
    }
    try {
      const variants = await this.work.run(() => this.storeVariants(clean, file.mimeType, contentSha256, 'rest'));
      await this.media.execute(this.issuer(), () => ({ type: 'RecordImageVariantsAdded', data: { path: file.path, contentSha256, variants } }));
      this.logger.log(`${file.path}: ${variants.length} more variants in ${Date.now() - started} ms`);
      await this.responsive.refresh();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID_INPUT') return this.fail(file, error.message);
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return;
      throw error;
    }
  }

  private async storeVariants(clean: Buffer, mimeType: string, contentSha256: string, step: 'first' | 'rest'): Promise<ImageVariant[]> {
    const variants: ImageVariant[] = [];
    await makeVariants(clean, mimeType, step, async (made) => {
      const key = variantKey(contentSha256, made.width, made.format);
      await this.storage.put(key, made.buffer, VARIANT_MIME[made.format]);
      variants.push({ width: made.width, height: made.height, format: made.format, key, size: made.buffer.length });
    });
    return variants;
  }

  private async process(file: MediaFile): Promise<void> {
    const started = Date.now();
    const original = await readAll(this.storage, file.path);
    if (!original) return this.fail(file, 'The file’s bytes are missing from the store.');
    try {
      const outcome = await this.work.run(async () => {
        let clean = original;
        let cleanedSize: number | undefined;
        if (!file.image?.clean) {
          clean = (await cleanImage(original, file.mimeType)).buffer;
          cleanedSize = clean.length;
        }
        const contentSha256 = sha256Hex(clean);
        const variants = await this.storeVariants(clean, file.mimeType, contentSha256, 'first');
        return { clean, cleanedSize, contentSha256, variants };
      });
      const dimensions = file.image ? { width: file.image.width, height: file.image.height } : await this.work.run(() => imageSize(outcome.clean));
      if (outcome.cleanedSize !== undefined) await this.storage.put(file.path, outcome.clean, file.mimeType);
      await this.media.execute(this.issuer(), () => ({
        type: 'RecordImageProcessed',
        data: { path: file.path, contentSha256: outcome.contentSha256, ...dimensions, variants: outcome.variants, ...(outcome.cleanedSize !== undefined ? { cleanedSize: outcome.cleanedSize } : {}) },
      }));
      this.logger.log(`${file.path}: ${outcome.variants.length} first variants in ${Date.now() - started} ms`);
      // Public pages using this image are rendered again with its srcset.
      await this.responsive.refresh();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID_INPUT') return this.fail(file, error.message);
      // Deleted or renamed meanwhile: its new name (if any) is processed on a later pass.
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return;
      throw error;
    }
  }

  /** The pipeline's commands are nobody's action: no actor, a correlation id of their own. */
  private issuer() {
    return { actorEmail: null, correlationId: this.ids.next(), causationId: null };
  }

  private async fail(file: MediaFile, reason: string): Promise<void> {
    this.logger.warn(`${file.path} not processed: ${reason}`);
    try {
      await this.media.execute(this.issuer(), () => ({ type: 'RecordImageFailure', data: { path: file.path, reason } }));
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
    }
  }
}
