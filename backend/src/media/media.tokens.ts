/** Injection tokens of the media feature. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
export const MEDIA_URL_OPTIONS = Symbol('MEDIA_URL_OPTIONS');
/** The media library's StorageIdentity, checked against the database at start-up (storage/storage-identity.ts). */
export const MEDIA_STORAGE_IDENTITY = Symbol('MEDIA_STORAGE_IDENTITY');
