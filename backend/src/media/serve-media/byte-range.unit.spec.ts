import { notModified, parseByteRange, rangeStillValid } from './byte-range';

describe('parseByteRange', () => {
  it('answers the whole file without a usable single range', () => {
    for (const header of [undefined, '', 'bytes=', 'bytes=-', 'items=0-1', 'bytes=0-1,5-6', 'bytes=a-b']) {
      expect(parseByteRange(header, 1000)).toEqual({ kind: 'whole' });
    }
  });

  it('reads closed, open and suffix ranges, clamping the end to the size', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });

  it('says when a range cannot be satisfied', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=5-4', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('conditional requests', () => {
  const etag = '"abc"';
  const modified = new Date('2025-04-01T12:00:00.500Z');

  it('answers 304 for a matching ETag or a date not older than the file', () => {
    expect(notModified({ 'if-none-match': '"x", W/"abc"' }, etag, modified)).toBe(true);
    expect(notModified({ 'if-none-match': '"x"', 'if-modified-since': modified.toUTCString() }, etag, modified)).toBe(false);
    expect(notModified({ 'if-modified-since': 'Tue, 01 Apr 2025 12:00:00 GMT' }, etag, modified)).toBe(true);
    expect(notModified({ 'if-modified-since': 'Tue, 01 Apr 2025 11:59:59 GMT' }, etag, modified)).toBe(false);
    expect(notModified({}, etag, modified)).toBe(false);
  });

  it('keeps a range only while If-Range still names the stored file', () => {
    expect(rangeStillValid(undefined, etag, modified)).toBe(true);
    expect(rangeStillValid('"abc"', etag, modified)).toBe(true);
    expect(rangeStillValid('"old"', etag, modified)).toBe(false);
    expect(rangeStillValid('W/"abc"', etag, modified)).toBe(false);
    expect(rangeStillValid(modified.toUTCString(), etag, modified)).toBe(true);
  });
});
