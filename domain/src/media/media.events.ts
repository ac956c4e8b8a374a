/**
 * Events of the media stream (DESIGN §7): one stream for the whole library, so that name
 * uniqueness and existence are decided from one history. Each event names the file completely,
 * so an auditor reads it without any other event.
 */
import type { ImageVariant } from './image-variants';
import type { MediaKind } from './media-types';
import type { MediaUsage } from './media-usage';
import { eventTypeSet } from '../events/event-types';

export const MEDIA_STREAM = 'media';

export interface MediaUploadedData {
  /** Where it is stored and how the proxy names it (equal to `name` for uploads). */
  path: string;
  name: string;
  /** The name the browser sent, before sanitising. */
  originalName: string;
  size: number;
  mimeType: string;
  kind: MediaKind;
  /** SHA-256 of the bytes as uploaded, hex (recorded since issue 12: an identical upload is recognised). */
  sha256?: string;
  /**
   * Raster images since issue 13: the stored bytes are upright (EXIF orientation applied) and carry
   * no metadata; `size` is theirs. Absent on older uploads until the pipeline has cleaned them.
   */
  image?: { width: number; height: number };
}

export interface MediaRenamedData {
  fromPath: string;
  toPath: string;
  fromName: string;
  toName: string;
}

export interface MediaDeletedData {
  path: string;
  name: string;
  size: number;
  mimeType: string;
}

/** The image pipeline's work on one file: its variants, made from the stored (clean) bytes. */
export interface MediaImageProcessedData {
  path: string;
  /** SHA-256 of the stored bytes the variants were made from (their storage keys derive from it). */
  contentSha256: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  /** Set when the stored original was cleaned in place (an upload from before the pipeline): its new size. */
  cleanedSize?: number;
}

/** Variants made after the first ones: the fallback format and AVIF (slower to encode), after WebP. */
export interface MediaImageVariantsAddedData {
  path: string;
  contentSha256: string;
  variants: ImageVariant[];
}

/** The pipeline could not read the file; it stays in the library, served as stored, with this reason shown. */
export interface MediaImageFailedData {
  path: string;
  reason: string;
}

export type MediaEvent =
  | { type: 'MediaUploaded'; data: MediaUploadedData }
  | { type: 'MediaRenamed'; data: MediaRenamedData }
  | { type: 'MediaDeleted'; data: MediaDeletedData }
  | { type: 'MediaImageProcessed'; data: MediaImageProcessedData }
  | { type: 'MediaImageVariantsAdded'; data: MediaImageVariantsAddedData }
  | { type: 'MediaImageFailed'; data: MediaImageFailedData };

export type MediaEventType = MediaEvent['type'];

const mediaEventTypes = eventTypeSet<MediaEventType>({
  MediaUploaded: true,
  MediaRenamed: true,
  MediaDeleted: true,
  MediaImageProcessed: true,
  MediaImageVariantsAdded: true,
  MediaImageFailed: true,
});

export const MEDIA_EVENT_TYPES = mediaEventTypes.list;
export const isMediaEventType = mediaEventTypes.has;

/** Details of the 409 a blocked delete answers (SPEC §5: the alert lists each stage and location). */
export interface MediaInUseDetails {
  usage: MediaUsage[];
}
