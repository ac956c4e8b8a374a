import { Injectable, Inject, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DomainError, MEDIA_SNIFF_BYTES, MEDIA_TEXTS, MEDIA_TYPE_TEXTS, checkMediaUpload, findIdenticalMedia, isRasterImage, mediaProxyUrl, planMediaUpload } from '@punchline/domain';
import { cleanImage } from '../images/image-pipeline';
import { ImageWork } from '../images/image-work';
import { MediaImagesReactor } from '../process-images/media-images.reactor';
import { SvgChecker } from './svg-checker';
import { headOf } from './hashing-memory-storage';
import { svgRefusal } from './svg-check';
import { MediaFilesRead, type MediaFileView } from '../media-files.read';
import { MediaStream } from '../media-stream';
import { MEDIA_STORAGE } from '../media.tokens';
import type { MediaStorage } from '../storage/media-storage.port';
import type { AdminIssuer } from '../../platform/http/request-context';
import { recordedNotYetShown } from '../../platform/event-sourcing/aggregate-runner';

export interface IncomingFile {
  /** As the browser named it. */
  originalName: string;
  /**
   * The bytes in the pieces they arrived in. They are joined only once the upload goes on to be
   * checked or stored: a duplicate is answered without ever holding its bytes twice
   * (hashingMemoryStorage says why that matters).
   */
  chunks: readonly Buffer[];
  /** SHA-256 of the bytes, hex, when it was computed as they arrived (issue 25). */
  sha256?: string;
}

/** SPEC §7: {url}; the stored file comes along so a picker can select it without listing again. */
export interface UploadMediaAnswer {
  url: string;
  item: MediaFileView;
}

@Injectable()
export class UploadMediaHandler {
  private readonly logger = new Logger('media');
  /** Names chosen by uploads of this process whose bytes are still on their way to the store. */
  private readonly reserved = new Set<string>();

  constructor(
    private readonly media: MediaStream,
    private readonly files: MediaFilesRead,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly work: ImageWork,
    private readonly images: MediaImagesReactor,
    private readonly svgs: SvgChecker,
  ) {}

  /** Checks the file, picks a free name, stores the bytes, then records the upload (bytes first: an event never names missing bytes). */
  async execute(actor: AdminIssuer, file: IncomingFile | null, keepDuplicate = false): Promise<UploadMediaAnswer> {
    if (!file) throw new DomainError('INVALID_INPUT', MEDIA_TYPE_TEXTS.missingFile);
    const size = file.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const check = checkMediaUpload({ name: file.originalName, size, head: headOf(file.chunks, MEDIA_SNIFF_BYTES) });
    if (!check.ok) throw new DomainError(check.code, check.error);
    // One piece from here on for what reads the whole file; a duplicate that is not an SVG never needs it.
    let whole: Buffer | null = null;
    const bytesOf = (): Buffer => (whole ??= Buffer.concat(file.chunks, size));
    if (check.mimeType === 'image/svg+xml') {
      // Off the main thread, capped in size, nodes and time (issue 24 point 3).
      const problem = await this.svgs.check(bytesOf());
      if (problem) throw new DomainError('INVALID_INPUT', svgRefusal(problem));
    }

    // Identity is the bytes as uploaded: the same photo uploaded twice is recognised before any work.
    // Hashed as the bytes arrived (hashingMemoryStorage), so a duplicate is answered at once.
    const sha256 = file.sha256 ?? file.chunks.reduce((hash, chunk) => hash.update(chunk), createHash('sha256')).digest('hex');
    if (!keepDuplicate) {
      const identical = await this.media.read((state) => findIdenticalMedia(state, sha256));
      if (identical) {
        const item = await this.files.get(identical.path);
        throw new DomainError('CONFLICT', MEDIA_TEXTS.identical(identical.name), { existing: { url: mediaProxyUrl(identical.path), item } });
      }
    }
    // Raster images are stored upright and without metadata (issue 13): the GPS position in a phone
    // photo never reaches the store, so no URL can ever serve it. An unreadable image is refused here.
    const original = bytesOf();
    const clean = isRasterImage(check.mimeType) ? await this.work.run(() => cleanImage(original, check.mimeType)) : null;
    const bytes = clean?.buffer ?? original;
    const path = await this.reserveName(file.originalName);
    try {
      await this.storage.put(path, bytes, check.mimeType);
      try {
        await this.media.execute(actor, () => ({
          type: 'RecordMediaUpload',
          data: {
            path,
            originalName: file.originalName,
            size: bytes.length,
            mimeType: check.mimeType,
            kind: check.kind,
            sha256,
            ...(clean ? { image: { width: clean.width, height: clean.height } } : {}),
          },
        }));
      } catch (error) {
        await this.storage.delete(path).catch((e: unknown) => this.logger.warn(`could not remove unrecorded upload ${path}: ${String(e)}`));
        throw error;
      }
    } finally {
      this.reserved.delete(path);
    }
    if (clean) this.images.wake();
    const item = await this.files.get(path);
    if (!item) throw recordedNotYetShown(`“${path}”`);
    return { url: mediaProxyUrl(path), item };
  }

  /**
   * A name free in the library, among this process's unfinished uploads, and in the store itself
   * (objects left by the previous product are never overwritten).
   */
  private reserveName(originalName: string): Promise<string> {
    return this.media.read(async (state) => {
      const taken = new Set(this.reserved);
      for (;;) {
        const candidate = planMediaUpload(state, originalName, taken);
        if (!(await this.storage.head(candidate))) {
          this.reserved.add(candidate);
          return candidate;
        }
        taken.add(candidate);
      }
    });
  }
}
