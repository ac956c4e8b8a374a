/**
 * Names of stored files. A stored name is also its path and part of a URL, so it is reduced to a
 * small, safe alphabet: lower-case ASCII letters, digits, '-', '_' and one '.' before the extension.
 * Lower case keeps 'Photo.PNG' and 'photo.png' from becoming two files on one disk and one on another.
 */
import { extensionOf } from './media-types';

/** Without the extension; longer names are cut (the library's grid shows about 30 characters). */
export const MEDIA_NAME_MAX_BASE_LENGTH = 80;
const FALLBACK_BASE = 'file';

function cleanBase(raw: string): string {
  const cleaned = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
  return cleaned.slice(0, MEDIA_NAME_MAX_BASE_LENGTH).replace(/[-_]+$/g, '');
}

/** 'My Photo (1).JPG' → 'my-photo-1.jpg'; folders in the name ('a/b.png', 'C:\\x.png') are dropped. */
export function sanitiseMediaFileName(original: string): string {
  const base = original.replace(/\\/g, '/').split('/').pop() ?? '';
  const extension = extensionOf(base).replace(/[^a-z0-9]/g, '');
  const stem = extension === '' ? base : base.slice(0, base.length - extension.length - 1);
  const clean = cleanBase(stem) || FALLBACK_BASE;
  return extension === '' ? clean : `${clean}.${extension}`;
}

/** The first of name, name-2, name-3 … that `taken` does not hold. */
export function uniqueMediaFileName(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name;
  const extension = extensionOf(name);
  const stem = extension === '' ? name : name.slice(0, name.length - extension.length - 1);
  for (let n = 2; ; n += 1) {
    const candidate = extension === '' ? `${stem}-${n}` : `${stem}-${n}.${extension}`;
    if (!taken(candidate)) return candidate;
  }
}

/**
 * The name a rename asks for, keeping the file's extension: the contents were checked against it
 * at upload, so 'hero' and 'hero.png' both give 'hero.png' for a PNG, and 'hero.jpg' gives
 * 'hero-jpg.png' rather than a PNG that claims to be a JPEG. Input with nothing usable in it ('', '???') gives null (SPEC §5: a blank name is ignored).
 */
export function renamedMediaFileName(currentName: string, requested: string): string | null {
  const trimmed = requested.trim();
  if (trimmed === '') return null;
  const extension = extensionOf(currentName);
  const lastSegment = trimmed.replace(/\\/g, '/').split('/').pop() ?? '';
  const requestedExtension = extensionOf(lastSegment);
  const stem = requestedExtension === extension && extension !== '' ? lastSegment.slice(0, lastSegment.length - extension.length - 1) : lastSegment;
  const clean = cleanBase(stem);
  if (clean === '') return null;
  return extension === '' ? clean : `${clean}.${extension}`;
}
