import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { mediaUsageByPath, responsiveImageOf, type MediaUrlOptions, type ResponsiveImage, type SettingsRecord } from '@punchline/domain';
import { PROJECTED_CHANNEL, type Database } from '@punchline/projections';
import { DATABASE } from '../platform/platform.module';
import { MediaStream } from './media-stream';
import { MEDIA_URL_OPTIONS } from './media.tokens';

/**
 * How often the library is read again when no notification came (another instance's new variants
 * normally arrive with the projector's NOTIFY rm_projected; this instance's are known at once).
 */
const REFRESH_MS = 5_000;

/**
 * What public pages need to write `<picture>`/`srcset` (issue 13): the library's processed images
 * by path, kept from the media aggregate. The site asks it which images a settings record uses
 * (keyed by the link exactly as stored, so the page finds it by its `src`) and is told when the
 * set changes, to render its cached pages again.
 */
@Injectable()
export class ResponsiveImages implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('media-images');
  private byPath = new Map<string, ResponsiveImage>();
  private revision = -1;
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  /** One read at a time; a notification during it asks for one more after it. */
  private reading: Promise<void> | null = null;
  private again = false;
  private last: { settings: Partial<SettingsRecord>; byPath: Map<string, ResponsiveImage>; images: Record<string, ResponsiveImage> } | null = null;

  constructor(
    private readonly media: MediaStream,
    @Inject(MEDIA_URL_OPTIONS) private readonly urlOptions: MediaUrlOptions,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async onModuleInit(): Promise<void> {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
    // Variants made on another instance are served here (and in its pages' srcset) as soon as they are projected.
    this.unlisten = await this.db.listen(PROJECTED_CHANNEL, () => this.refreshSoon()).catch((error: unknown) => {
      this.logger.warn(`LISTEN ${PROJECTED_CHANNEL} failed; variants made elsewhere are seen within ${REFRESH_MS} ms: ${String(error)}`);
      return null;
    });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.unlisten?.().catch(() => undefined);
  }

  private refreshSoon(): void {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.refresh().finally(() => {
      this.reading = null;
      if (this.again) {
        this.again = false;
        this.refreshSoon();
      }
    });
  }

  /** Reads the library again; listeners hear of it when anything changed. */
  async refresh(): Promise<void> {
    try {
      const next = await this.media.read((state) => {
        if (state.revision === this.revision) return null;
        const byPath = new Map<string, ResponsiveImage>();
        for (const file of state.files.values()) {
          const image = file.image && responsiveImageOf(file.path, file.image);
          if (image) byPath.set(file.path, image);
        }
        return { revision: state.revision, byPath };
      });
      if (!next) return;
      const changed = !sameImages(this.byPath, next.byPath);
      this.revision = next.revision;
      this.byPath = next.byPath;
      if (changed) for (const listener of this.listeners) listener();
    } catch (error) {
      this.logger.warn(`reading the image variants failed: ${String(error)}`);
    }
  }

  /** The processed images a settings record uses, keyed by each link as stored. */
  forSettings(settings: Partial<SettingsRecord>): Record<string, ResponsiveImage> {
    // The six pages of one live version ask with the same record: answered once per record and library.
    if (this.last?.settings === settings && this.last.byPath === this.byPath) return this.last.images;
    const out: Record<string, ResponsiveImage> = {};
    this.last = { settings, byPath: this.byPath, images: out };
    if (this.byPath.size === 0) return out;
    for (const [path, usages] of mediaUsageByPath({ draft: {}, live: settings }, this.urlOptions)) {
      const image = this.byPath.get(path);
      if (image) for (const usage of usages) out[usage.url] = image;
    }
    return out;
  }

  onChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function sameImages(a: Map<string, ResponsiveImage>, b: Map<string, ResponsiveImage>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, image] of a) if (JSON.stringify(image) !== JSON.stringify(b.get(path))) return false;
  return true;
}
