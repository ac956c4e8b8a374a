import { MEDIA_SNIFF_BYTES, checkMediaUpload } from '@punchline/domain';
import { headOf } from './hashing-memory-storage';

/** Splits `bytes` into pieces of `size`, as a request's body arrives. */
const piecesOf = (bytes: Buffer, size: number): Buffer[] => Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('headOf (the bytes an upload is typed by, from the pieces it arrived in)', () => {
  it('answers at least the first count bytes, or all of them', () => {
    const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
    expect(headOf(piecesOf(bytes, 1000), 4096).subarray(0, 4096)).toEqual(bytes.subarray(0, 4096));
    expect(headOf(piecesOf(bytes, 1000), 50_000)).toEqual(bytes);
    expect(headOf([], 10)).toEqual(Buffer.alloc(0));
  });

  it('keeps an SVG whose root element follows a long prolog recognisable when its first piece is short', () => {
    // A 20 KB comment before <svg>: within MEDIA_SNIFF_BYTES, but past the first piece of 1,500 bytes.
    const svg = Buffer.from(`<?xml version="1.0"?>\n<!-- ${'credits '.repeat(2500)} -->\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>`);
    expect(svg.length).toBeLessThan(MEDIA_SNIFF_BYTES);
    const check = checkMediaUpload({ name: 'logo.svg', size: svg.length, head: headOf(piecesOf(svg, 1500), MEDIA_SNIFF_BYTES) });
    expect(check).toMatchObject({ ok: true, mimeType: 'image/svg+xml' });
  });
});
