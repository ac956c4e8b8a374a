/**
 * Events of the media stream (DESIGN §7): one stream for the whole library, so that name
 * uniqueness and existence are decided from one history. Each event names the file completely,
 * so an auditor reads it without any other event.
 */
import type { MediaKind } from './media-types';
import type { MediaUsage } from './media-usage';

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
  /** SHA-256 of the bytes, hex (recorded since issue 12: an identical upload is recognised). */
  sha256?: string;
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

export type MediaEvent =
  | { type: 'MediaUploaded'; data: MediaUploadedData }
  | { type: 'MediaRenamed'; data: MediaRenamedData }
  | { type: 'MediaDeleted'; data: MediaDeletedData };

export type MediaEventType = MediaEvent['type'];

export const MEDIA_EVENT_TYPES: readonly MediaEventType[] = ['MediaUploaded', 'MediaRenamed', 'MediaDeleted'];

export function isMediaEventType(type: string): type is MediaEventType {
  return (MEDIA_EVENT_TYPES as readonly string[]).includes(type);
}

/** Details of the 409 a blocked delete answers (SPEC §5: the alert lists each stage and location). */
export interface MediaInUseDetails {
  usage: MediaUsage[];
}
