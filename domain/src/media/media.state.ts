/** The media library aggregate: which files exist, folded from the media stream. */
import { assertNever } from '../errors/domain-error';
import type { MediaEvent } from './media.events';

export interface MediaFile {
  path: string;
  name: string;
  size: number;
  mimeType: string;
  /** Absent for files uploaded before contents were hashed. */
  sha256?: string;
}

export interface MediaState {
  /** By path. Treated as immutable: evolve returns a new map when a file changes. */
  files: ReadonlyMap<string, MediaFile>;
  /** Stream revision of the last event folded in; -1 for a stream with no events. */
  revision: number;
}

export const initialMediaState: MediaState = { files: new Map(), revision: -1 };

export function evolveMedia(state: MediaState, event: Pick<MediaEvent, 'type' | 'data'>): MediaState {
  const e = event as MediaEvent;
  const files = new Map(state.files);
  switch (e.type) {
    case 'MediaUploaded':
      files.set(e.data.path, { path: e.data.path, name: e.data.name, size: e.data.size, mimeType: e.data.mimeType, ...(e.data.sha256 ? { sha256: e.data.sha256 } : {}) });
      break;
    case 'MediaRenamed': {
      const file = files.get(e.data.fromPath);
      files.delete(e.data.fromPath);
      if (file) files.set(e.data.toPath, { ...file, path: e.data.toPath, name: e.data.toName });
      break;
    }
    case 'MediaDeleted':
      files.delete(e.data.path);
      break;
    default:
      return assertNever(e, 'media event');
  }
  return { files, revision: state.revision + 1 };
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
