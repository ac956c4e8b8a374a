/**
 * Decisions of the media library (SPEC §5, §7). The object store is outside the log, so a handler
 * plans with the same functions the decider uses (`planMediaUpload`, `planMediaRename`), moves the
 * bytes, and then records the decision; a decision that no longer holds when recorded is refused,
 * and the handler puts the bytes back.
 */
import { DomainError } from '../errors/domain-error';
import { renamedMediaFileName, sanitiseMediaFileName, uniqueMediaFileName } from './media-file-name';
import { MEDIA_TYPES, extensionOf, type MediaKind } from './media-types';
import { isSafeMediaPath } from './media-urls';
import type { MediaUsage } from './media-usage';
import { isRasterImage, type ImageVariant } from './image-variants';
import type { MediaEvent } from './media.events';
import type { MediaState } from './media.state';

export const MEDIA_TEXTS = {
  notFound: 'File not found.',
  nameTaken: 'A file with this name already exists.',
  inUse: 'This file is used in the site settings and cannot be deleted.',
  badPath: 'Invalid file path.',
  badUpload: 'An upload needs a safe path, a positive size and an allowed type.',
  identical: (name: string) => `This file is already in the library as “${name}”.`,
  badImageResult: 'An image result needs a raster file, its dimensions, the content hash and at least one variant.',
} as const;

export interface RecordMediaUpload {
  type: 'RecordMediaUpload';
  data: { path: string; originalName: string; size: number; mimeType: string; kind: MediaKind; sha256?: string; image?: { width: number; height: number } };
}

/** The image pipeline's result for one file (issue 13); recorded once, later results are ignored. */
export interface RecordImageProcessed {
  type: 'RecordImageProcessed';
  data: { path: string; contentSha256: string; width: number; height: number; variants: ImageVariant[]; cleanedSize?: number };
}

/** Variants of a processed file made later (fallback format, AVIF); only new ones are recorded, for the content they were made from. */
export interface RecordImageVariantsAdded {
  type: 'RecordImageVariantsAdded';
  data: { path: string; contentSha256: string; variants: ImageVariant[] };
}

export interface RecordImageFailure {
  type: 'RecordImageFailure';
  data: { path: string; reason: string };
}

/** SPEC §5: a blank or unchanged name is ignored. */
export interface RenameMedia {
  type: 'RenameMedia';
  data: { fromPath: string; toName: string };
}

/** `usage` is where the file is used in draft and live, read from the site aggregate by the handler. */
export interface DeleteMedia {
  type: 'DeleteMedia';
  data: { path: string; usage: MediaUsage[] };
}

export type MediaCommand = RecordMediaUpload | RenameMedia | DeleteMedia | RecordImageProcessed | RecordImageVariantsAdded | RecordImageFailure;

/**
 * The stored name for an upload: the sanitised browser name, made unique against the library and
 * against `reserved` (names of uploads of this process that are still being stored).
 */
export function planMediaUpload(state: MediaState, originalName: string, reserved: ReadonlySet<string> = new Set()): string {
  return uniqueMediaFileName(sanitiseMediaFileName(originalName), (candidate) => state.files.has(candidate) || reserved.has(candidate));
}

export type MediaRenamePlan = { kind: 'noop' } | { kind: 'rename'; fromPath: string; toPath: string; fromName: string; toName: string };

/**
 * Where a rename moves the file. Files live at the library's top level, under their name; a file
 * kept in a folder (stored by the previous product) stays in its folder.
 */
export function planMediaRename(state: MediaState, fromPath: string, toName: string): MediaRenamePlan {
  const file = state.files.get(fromPath);
  if (!file) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound, { path: fromPath });
  const name = renamedMediaFileName(file.name, typeof toName === 'string' ? toName : '');
  if (name === null || name === file.name) return { kind: 'noop' };
  const folder = fromPath.includes('/') ? fromPath.slice(0, fromPath.lastIndexOf('/') + 1) : '';
  const toPath = `${folder}${name}`;
  if (state.files.has(toPath)) throw new DomainError('CONFLICT', MEDIA_TEXTS.nameTaken, { path: toPath });
  return { kind: 'rename', fromPath, toPath, fromName: file.name, toName: name };
}

function recordUpload(state: MediaState, command: RecordMediaUpload): MediaEvent[] {
  const { path, originalName, size, mimeType, kind, sha256, image } = command.data;
  const type = MEDIA_TYPES[extensionOf(path)];
  if (!isSafeMediaPath(path) || !Number.isInteger(size) || size <= 0 || !type || type.kind !== kind || type.mimeType !== mimeType) {
    throw new DomainError('INVALID_INPUT', MEDIA_TEXTS.badUpload);
  }
  if (state.files.has(path)) throw new DomainError('CONFLICT', MEDIA_TEXTS.nameTaken, { path });
  const name = path.slice(path.lastIndexOf('/') + 1);
  const hash = typeof sha256 === 'string' && /^[0-9a-f]{64}$/.test(sha256) ? { sha256 } : {};
  const dimensions = image && isRasterImage(mimeType) && isDimension(image.width) && isDimension(image.height) ? { image: { width: image.width, height: image.height } } : {};
  return [{ type: 'MediaUploaded', data: { path, name, originalName: String(originalName ?? ''), size, mimeType, kind, ...hash, ...dimensions } }];
}

const isDimension = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0;

/** A result for a file that is gone (deleted or renamed meanwhile) or already has one changes nothing. */
function imageProcessed(state: MediaState, command: RecordImageProcessed): MediaEvent[] {
  const { path, contentSha256, width, height, variants, cleanedSize } = command.data;
  const file = state.files.get(path);
  if (!file) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound, { path });
  if (!isRasterImage(file.mimeType) || !isDimension(width) || !isDimension(height) || !/^[0-9a-f]{64}$/.test(contentSha256) || variants.length === 0) {
    throw new DomainError('INVALID_INPUT', MEDIA_TEXTS.badImageResult);
  }
  if ((file.image?.variants.length ?? 0) > 0) return [];
  const cleaned = cleanedSize !== undefined && isDimension(cleanedSize) ? { cleanedSize } : {};
  return [{ type: 'MediaImageProcessed', data: { path, contentSha256, width, height, variants, ...cleaned } }];
}

function variantsAdded(state: MediaState, command: RecordImageVariantsAdded): MediaEvent[] {
  const { path, contentSha256, variants } = command.data;
  const file = state.files.get(path);
  if (!file) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound, { path });
  // Made from other bytes than the recorded variants (cannot happen while stored bytes never change): nothing to add.
  if (file.image?.contentSha256 !== contentSha256) return [];
  const known = new Set(file.image.variants.map((v) => v.key));
  const added = variants.filter((v) => !known.has(v.key));
  return added.length === 0 ? [] : [{ type: 'MediaImageVariantsAdded', data: { path, contentSha256, variants: added } }];
}

function imageFailed(state: MediaState, command: RecordImageFailure): MediaEvent[] {
  const file = state.files.get(command.data.path);
  if (!file) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound, { path: command.data.path });
  // Once per file, at whichever step it happened (the AVIF step can fail after the first variants).
  if (file.imageError) return [];
  return [{ type: 'MediaImageFailed', data: { path: file.path, reason: String(command.data.reason).slice(0, 500) } }];
}

function rename(state: MediaState, command: RenameMedia): MediaEvent[] {
  const plan = planMediaRename(state, command.data.fromPath, command.data.toName);
  if (plan.kind === 'noop') return [];
  return [{ type: 'MediaRenamed', data: { fromPath: plan.fromPath, toPath: plan.toPath, fromName: plan.fromName, toName: plan.toName } }];
}

function remove(state: MediaState, command: DeleteMedia): MediaEvent[] {
  const file = state.files.get(command.data.path);
  if (!file) throw new DomainError('NOT_FOUND', MEDIA_TEXTS.notFound, { path: command.data.path });
  if (command.data.usage.length > 0) throw new DomainError('CONFLICT', MEDIA_TEXTS.inUse, { usage: command.data.usage });
  return [{ type: 'MediaDeleted', data: { path: file.path, name: file.name, size: file.size, mimeType: file.mimeType } }];
}

export function decideMedia(state: MediaState, command: MediaCommand): MediaEvent[] {
  switch (command.type) {
    case 'RecordMediaUpload':
      return recordUpload(state, command);
    case 'RenameMedia':
      return rename(state, command);
    case 'DeleteMedia':
      return remove(state, command);
    case 'RecordImageProcessed':
      return imageProcessed(state, command);
    case 'RecordImageVariantsAdded':
      return variantsAdded(state, command);
    case 'RecordImageFailure':
      return imageFailed(state, command);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}
