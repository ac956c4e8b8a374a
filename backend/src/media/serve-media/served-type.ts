import { MEDIA_TYPES, extensionOf } from '@punchline/domain';

export interface ServedType {
  contentType: string;
  /** 'inline' for media a page shows; 'attachment' for anything else the bucket may hold. */
  disposition: 'inline' | 'attachment';
}

/**
 * What the proxy sends a file as. Library files get the type of their (checked) extension. Objects
 * left in the bucket by the previous product keep a stored image or video type; anything else (an
 * HTML page, a script) is sent as an opaque download, never as a document of our origin.
 */
export function servedType(path: string, storedType: string): ServedType {
  const known = MEDIA_TYPES[extensionOf(path)];
  if (known) return { contentType: known.mimeType, disposition: 'inline' };
  const type = storedType.split(';')[0].trim().toLowerCase();
  if ((type.startsWith('image/') && type !== 'image/svg+xml') || type.startsWith('video/')) return { contentType: type, disposition: 'inline' };
  return { contentType: 'application/octet-stream', disposition: 'attachment' };
}
