import { checkMediaUpload, extensionOf, matchesMediaKind, mediaKindOf, MEDIA_TYPE_TEXTS, MEDIA_UPLOAD_MAX_BYTES, mimeTypeForName } from './media-types';

const bytes = (...values: (number | string)[]): Uint8Array =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 'IHDR');
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF');
const GIF = bytes('GIF89a', 1, 0, 1, 0);
const WEBP = bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 ');
const MP4 = bytes(0, 0, 0, 0x20, 'ftypisom', 0, 0, 2, 0);
const MOV = bytes(0, 0, 0, 0x14, 'ftypqt  ', 0, 0, 2, 0);
const WEBM = bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86);
const SVG = bytes('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>');
const HTML = bytes('<!doctype html><html><script>alert(1)</script></html>');

const check = (name: string, head: Uint8Array, size = head.length) => checkMediaUpload({ name, size, head });

describe('checkMediaUpload', () => {
  it.each([
    ['photo.png', PNG, 'image', 'image/png'],
    ['photo.JPG', JPEG, 'image', 'image/jpeg'],
    ['photo.jpeg', JPEG, 'image', 'image/jpeg'],
    ['loop.gif', GIF, 'image', 'image/gif'],
    ['photo.webp', WEBP, 'image', 'image/webp'],
    ['logo.svg', SVG, 'image', 'image/svg+xml'],
    ['clip.mp4', MP4, 'video', 'video/mp4'],
    ['clip.m4v', MP4, 'video', 'video/x-m4v'],
    ['clip.mov', MOV, 'video', 'video/quicktime'],
    ['clip.webm', WEBM, 'video', 'video/webm'],
  ] as const)('accepts %s whose bytes match its extension', (name, head, kind, mimeType) => {
    expect(check(name, head)).toEqual({ ok: true, extension: extensionOf(name), kind, mimeType });
  });

  it('refuses extensions outside the allowlist, whatever the bytes', () => {
    for (const name of ['page.html', 'script.js', 'noextension', 'photo.png.exe', 'archive.zip']) {
      expect(check(name, PNG)).toEqual({ ok: false, code: 'INVALID_INPUT', error: MEDIA_TYPE_TEXTS.badExtension });
    }
  });

  it('refuses a file whose first bytes do not match its extension', () => {
    expect(check('fake.png', HTML)).toEqual({ ok: false, code: 'INVALID_INPUT', error: MEDIA_TYPE_TEXTS.contentMismatch });
    expect(check('fake.jpg', PNG)).toMatchObject({ ok: false, error: MEDIA_TYPE_TEXTS.contentMismatch });
    expect(check('fake.svg', HTML)).toMatchObject({ ok: false, error: MEDIA_TYPE_TEXTS.contentMismatch });
    expect(check('fake.mp4', WEBM)).toMatchObject({ ok: false, error: MEDIA_TYPE_TEXTS.contentMismatch });
    expect(check('short.webp', bytes('RIFF'))).toMatchObject({ ok: false, error: MEDIA_TYPE_TEXTS.contentMismatch });
  });


  it('refuses an SVG in UTF-16, which the ASCII checks could not read', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...'<svg onload="x"></svg>'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(check('wide.svg', utf16)).toMatchObject({ ok: false, error: MEDIA_TYPE_TEXTS.contentMismatch });
  });

  it('refuses empty files and files over the limit (the latter as too large)', () => {
    expect(check('empty.png', new Uint8Array(0))).toEqual({ ok: false, code: 'INVALID_INPUT', error: MEDIA_TYPE_TEXTS.empty });
    expect(check('huge.png', PNG, MEDIA_UPLOAD_MAX_BYTES + 1)).toEqual({ ok: false, code: 'TOO_LARGE', error: MEDIA_TYPE_TEXTS.tooLarge });
    expect(check('max.png', PNG, MEDIA_UPLOAD_MAX_BYTES)).toMatchObject({ ok: true });
  });
});

describe('kind filter (SPEC §5)', () => {
  it('counts image and video extensions, case-insensitively', () => {
    expect(['a.png', 'a.JPG', 'a.jpeg', 'a.gif', 'a.webp', 'a.svg'].every((name) => matchesMediaKind({ name }, 'image'))).toBe(true);
    expect(['a.mp4', 'a.WEBM', 'a.mov', 'a.m4v'].every((name) => matchesMediaKind({ name }, 'video'))).toBe(true);
    expect(matchesMediaKind({ name: 'a.mp4' }, 'image')).toBe(false);
    expect(matchesMediaKind({ name: 'a.png' }, 'video')).toBe(false);
  });

  it('counts a file by its MIME type when the extension says nothing', () => {
    expect(matchesMediaKind({ name: 'poster', mime_type: 'image/avif' }, 'image')).toBe(true);
    expect(matchesMediaKind({ name: 'clip.bin', mime_type: 'Video/Ogg' }, 'video')).toBe(true);
    expect(mediaKindOf({ name: 'notes.txt', mime_type: 'text/plain' })).toBeNull();
    expect(mediaKindOf({ name: 'clip.mov', mime_type: null })).toBe('video');
  });

  it('serves stored files with the MIME type of their extension', () => {
    expect(mimeTypeForName('folder/logo.SVG')).toBe('image/svg+xml');
    expect(mimeTypeForName('readme')).toBe('application/octet-stream');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('a.b/c')).toBe('');
  });
});

describe('SVG checks on hostile input (issue 11)', () => {
  const checkUpload = (name: string, head: Uint8Array) => checkMediaUpload({ name, size: head.length, head });
  const svg = (body: string) => new TextEncoder().encode(body);

  it('reads a million spaces in the wrong places linearly and still decides right', () => {
    const spaces = ' '.repeat(1_000_000);
    expect(checkUpload('x.svg', svg(`${spaces}<svg xmlns="http://www.w3.org/2000/svg"/>`)).ok).toBe(false);
    expect(checkUpload('x.svg', svg(`<?xml version="1.0"?>\n<!-- ${spaces} -->\n<svg xmlns="http://www.w3.org/2000/svg"/>`)).ok).toBe(false);
    expect(checkUpload('x.svg', svg(`<?xml version="1.0"?>\n<!-- a comment -->  \n<svg xmlns="http://www.w3.org/2000/svg"/>`)).ok).toBe(true);
  });
});
