/** Injection tokens of the media feature. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
export const MEDIA_URL_OPTIONS = Symbol('MEDIA_URL_OPTIONS');
