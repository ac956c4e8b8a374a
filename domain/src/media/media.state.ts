/** The media library aggregate: which files exist, folded from the media stream. */
import { assertNever } from '../errors/domain-error';
import type { MediaEvent } from './media.events';

export interface MediaFile {
  path: string;
  name: string;
  size: number;
  mimeType: string;
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
      files.set(e.data.path, { path: e.data.path, name: e.data.name, size: e.data.size, mimeType: e.data.mimeType });
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
