/** The media library aggregate: which files exist, folded from the media stream. */
import { assertNever } from '../errors/domain-error';
import type { ImageVariant } from './image-variants';
import type { MediaEvent } from './media.events';

/** What the image pipeline knows of a raster file. */
export interface MediaImage {
  width: number;
  height: number;
  /** Whether the stored bytes are upright and metadata-free (always, once processed). */
  clean: boolean;
  variants: ImageVariant[];
  contentSha256?: string;
}

export interface MediaFile {
  path: string;
  name: string;
  size: number;
  mimeType: string;
  /** Absent for files uploaded before contents were hashed. */
  sha256?: string;
  /** Raster images the pipeline has seen (at upload or afterwards). */
  image?: MediaImage;
  /** Why the pipeline could not process the file. */
  imageError?: string;
}

export interface MediaState {
  /** By path. Treated as immutable: evolve returns a new map when a file changes. */
  files: ReadonlyMap<string, MediaFile>;
  /**
   * Former paths of renamed files → where the file is now (chains followed: a→b then b→c gives
   * a→c and b→c). A path taken again by an upload, or whose file was deleted, is dropped.
   */
  renamed: ReadonlyMap<string, string>;
  /** Stream revision of the last event folded in; -1 for a stream with no events. */
  revision: number;
}

export const initialMediaState: MediaState = { files: new Map(), renamed: new Map(), revision: -1 };

export function evolveMedia(state: MediaState, event: Pick<MediaEvent, 'type' | 'data'>): MediaState {
  const e = event as MediaEvent;
  const files = new Map(state.files);
  let renamed = state.renamed;
  switch (e.type) {
    case 'MediaUploaded':
      files.set(e.data.path, {
        path: e.data.path,
        name: e.data.name,
        size: e.data.size,
        mimeType: e.data.mimeType,
        ...(e.data.sha256 ? { sha256: e.data.sha256 } : {}),
        ...(e.data.image ? { image: { width: e.data.image.width, height: e.data.image.height, clean: true, variants: [] } } : {}),
      });
      if (state.renamed.has(e.data.path)) renamed = new Map([...state.renamed].filter(([from]) => from !== e.data.path));
      break;
    case 'MediaImageProcessed': {
      const file = files.get(e.data.path);
      if (file) {
        const { imageError: _dropped, ...rest } = file;
        files.set(e.data.path, {
          ...rest,
          size: e.data.cleanedSize ?? file.size,
          image: { width: e.data.width, height: e.data.height, clean: true, variants: e.data.variants, contentSha256: e.data.contentSha256 },
        });
      }
      break;
    }
    case 'MediaImageVariantsAdded': {
      const file = files.get(e.data.path);
      if (file?.image) files.set(e.data.path, { ...file, image: { ...file.image, variants: [...file.image.variants, ...e.data.variants] } });
      break;
    }
    case 'MediaImageFailed': {
      const file = files.get(e.data.path);
      if (file) files.set(e.data.path, { ...file, imageError: e.data.reason });
      break;
    }
    case 'MediaRenamed': {
      const file = files.get(e.data.fromPath);
      files.delete(e.data.fromPath);
      if (file) files.set(e.data.toPath, { ...file, path: e.data.toPath, name: e.data.toName });
      const next = new Map<string, string>();
      for (const [from, to] of state.renamed) if (from !== e.data.toPath) next.set(from, to === e.data.fromPath ? e.data.toPath : to);
      next.set(e.data.fromPath, e.data.toPath);
      renamed = next;
      break;
    }
    case 'MediaDeleted': {
      files.delete(e.data.path);
      renamed = new Map([...state.renamed].filter(([, to]) => to !== e.data.path));
      break;
    }
    default:
      return assertNever(e, 'media event');
  }
  return { files, renamed, revision: state.revision + 1 };
}

export function foldMedia(events: Iterable<Pick<MediaEvent, 'type' | 'data'>>, from: MediaState = initialMediaState): MediaState {
  let state = from;
  for (const event of events) state = evolveMedia(state, event);
  return state;
}

/** A file of the library with exactly these bytes (issue 12 point 6), or null. */
export function findIdenticalMedia(state: MediaState, sha256: string): MediaFile | null {
  for (const file of state.files.values()) if (file.sha256 === sha256) return file;
  return null;
}

/** Raster files the pipeline still has to process (no variants yet, no recorded failure), oldest name first. */
export function pendingImages(state: MediaState, isRaster: (mimeType: string) => boolean): MediaFile[] {
  return [...state.files.values()].filter((f) => isRaster(f.mimeType) && !f.imageError && (f.image?.variants.length ?? 0) === 0).sort((a, b) => a.path.localeCompare(b.path));
}

/** Processed files whose second step (the fallback format and AVIF) has not run yet. */
export function pendingSecondStep(state: MediaState): MediaFile[] {
  return [...state.files.values()]
    .filter((f) => !f.imageError && f.image?.contentSha256 && f.image.variants.length > 0 && f.image.variants.every((v) => v.format === 'webp'))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Whether any file other than `path` still uses variants made from this content. */
export function variantsSharedWith(state: MediaState, path: string, contentSha256: string): boolean {
  for (const file of state.files.values()) if (file.path !== path && file.image?.contentSha256 === contentSha256) return true;
  return false;
}
