/**
 * Which files the media library accepts and how their kind is told (SPEC §5 "Media picker kind
 * filter", §7 upload). An upload must pass twice: by its extension and by its first bytes, so a
 * renamed HTML or script file can never be stored as an "image".
 */

export type MediaKind = 'image' | 'video';

interface MediaType {
  kind: MediaKind;
  /** What the proxy sends as Content-Type. */
  mimeType: string;
  /** The family of signatures the first bytes must show. */
  signature: Signature;
}

type Signature = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg' | 'isoBmff' | 'ebml';

/** Extension (lower-case, no dot) → type. The upload allowlist; the kind filter reads it too. */
export const MEDIA_TYPES: Readonly<Record<string, MediaType>> = {
  png: { kind: 'image', mimeType: 'image/png', signature: 'png' },
  jpg: { kind: 'image', mimeType: 'image/jpeg', signature: 'jpeg' },
  jpeg: { kind: 'image', mimeType: 'image/jpeg', signature: 'jpeg' },
  gif: { kind: 'image', mimeType: 'image/gif', signature: 'gif' },
  webp: { kind: 'image', mimeType: 'image/webp', signature: 'webp' },
  svg: { kind: 'image', mimeType: 'image/svg+xml', signature: 'svg' },
  mp4: { kind: 'video', mimeType: 'video/mp4', signature: 'isoBmff' },
  m4v: { kind: 'video', mimeType: 'video/x-m4v', signature: 'isoBmff' },
  mov: { kind: 'video', mimeType: 'video/quicktime', signature: 'isoBmff' },
  webm: { kind: 'video', mimeType: 'video/webm', signature: 'ebml' },
};

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov', 'm4v'] as const;

/** SPEC §7 leaves the limit open: 25 MB holds a phone photo or a short clip, not a feature film. */
export const MEDIA_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** How many leading bytes `checkMediaUpload` reads: an SVG's root element may follow a long prolog, within these. */
export const MEDIA_SNIFF_BYTES = 64 * 1024;

export const MEDIA_TYPE_TEXTS = {
  missingFile: 'Choose a file to upload (multipart field "file").',
  empty: 'The file is empty.',
  tooLarge: `The file is too large (at most ${MEDIA_UPLOAD_MAX_BYTES / 1024 / 1024} MB).`,
  badExtension: `Only images (${IMAGE_EXTENSIONS.join(', ')}) and videos (${VIDEO_EXTENSIONS.join(', ')}) can be uploaded.`,
  contentMismatch: 'The file’s contents do not match its extension.',
  /** Followed by what was found (backend/src/media/upload-media/svg-allowlist.ts reads the document). */
  activeSvg: 'SVG files may hold drawing only: scripts, event handlers, outside resources and embedded documents are not accepted.',
} as const;

/** Lower-case extension without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The MIME type the library serves a stored file with, from its extension. */
export function mimeTypeForName(name: string): string {
  return MEDIA_TYPES[extensionOf(name)]?.mimeType ?? 'application/octet-stream';
}

/** SPEC §5: image = png jpg jpeg gif webp svg or an image/* MIME type; video likewise. */
export function matchesMediaKind(file: { name: string; mime_type?: string | null }, kind: MediaKind): boolean {
  const ext = extensionOf(file.name);
  const list: readonly string[] = kind === 'image' ? IMAGE_EXTENSIONS : VIDEO_EXTENSIONS;
  if (list.includes(ext)) return true;
  return (file.mime_type ?? '').trim().toLowerCase().startsWith(`${kind}/`);
}

/** The kind of a file by the same rule, or null for anything else. */
export function mediaKindOf(file: { name: string; mime_type?: string | null }): MediaKind | null {
  if (matchesMediaKind(file, 'image')) return 'image';
  if (matchesMediaKind(file, 'video')) return 'video';
  return null;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

function looksLikeSvg(bytes: Uint8Array): boolean {
  // The root element must come within MEDIA_SNIFF_BYTES (after prolog, comments and a doctype).
  // Only the head is read, with whitespace runs collapsed first (one linear pass), so the prolog
  // pattern below never backtracks over a long run of spaces (issue 11: 50,000 spaces took seconds).
  const text = collapseWhitespace(decodeText(bytes.subarray(0, MEDIA_SNIFF_BYTES)).replace(/^\xEF\xBB\xBF/, ''));
  // An XML prolog, comments and a doctype may come first; the first element must be <svg>.
  const stripped = text.replace(/^ ?(<\?xml[\s\S]*?\?> ?)?(<!--[\s\S]*?--> ?|<!DOCTYPE[^>[]*(\[[\s\S]*?\])? ?> ?)*/i, '');
  return /^<svg[\s>]/i.test(stripped);
}

/** Every run of whitespace as one space: the checks then need no unbounded `\s*`, so they stay linear. */
function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

function matchesSignature(bytes: Uint8Array, signature: Signature): boolean {
  switch (signature) {
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'gif':
      return bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a');
    case 'webp':
      return bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP';
    case 'svg':
      return looksLikeSvg(bytes);
    case 'isoBmff': {
      // MP4, M4V and QuickTime share the box format: 'ftyp' first (old QuickTime files may start with another box).
      if (bytes.length < 8) return false;
      const box = ascii(bytes, 4, 8);
      return box === 'ftyp' || box === 'moov' || box === 'mdat' || box === 'wide' || box === 'free';
    }
    case 'ebml':
      return startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]);
    default: {
      const _exhaustive: never = signature;
      return _exhaustive;
    }
  }
}

/**
 * Byte-for-character (Latin-1): markup and the patterns below are ASCII, so this is enough to find
 * them; an SVG in another encoding (UTF-16) fails the signature check and is refused.
 */
function decodeText(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
}

export interface AcceptedUpload {
  ok: true;
  extension: string;
  kind: MediaKind;
  mimeType: string;
}

export interface RefusedUpload {
  ok: false;
  /** 'TOO_LARGE' for the size rule, 'INVALID_INPUT' for everything else. */
  code: 'INVALID_INPUT' | 'TOO_LARGE';
  error: string;
}

/**
 * The upload rule (SPEC §7): a non-empty file within the size limit, an allowed extension, and
 * first bytes that match it. `head` is at least the file's first MEDIA_SNIFF_BYTES. An SVG's content
 * is checked by the upload handler's allowlist, which reads it as XML.
 */
export function checkMediaUpload(file: { name: string; size: number; head: Uint8Array }): AcceptedUpload | RefusedUpload {
  if (file.size > MEDIA_UPLOAD_MAX_BYTES) return { ok: false, code: 'TOO_LARGE', error: MEDIA_TYPE_TEXTS.tooLarge };
  if (file.size <= 0) return { ok: false, code: 'INVALID_INPUT', error: MEDIA_TYPE_TEXTS.empty };
  const extension = extensionOf(file.name);
  const type = MEDIA_TYPES[extension];
  if (!type) return { ok: false, code: 'INVALID_INPUT', error: MEDIA_TYPE_TEXTS.badExtension };
  if (!matchesSignature(file.head, type.signature)) return { ok: false, code: 'INVALID_INPUT', error: MEDIA_TYPE_TEXTS.contentMismatch };
  return { ok: true, extension, kind: type.kind, mimeType: type.mimeType };
}
