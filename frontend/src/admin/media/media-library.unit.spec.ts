import type { MediaUsage } from '@punchline/domain';
import type { MediaItem } from './media-api';
import { readUploadAnswer, listQuery } from './media-api';
import { absoluteUrl, displayDate, filterByKind, filterByUsage, sortOption, SORT_OPTIONS, uploadAccept, usageLines, usageSummary } from './media-library';

const item = (name: string, mime_type: string): MediaItem => ({ name, path: name, url: `/api/storage/proxy?bucket=media&path=${name}`, size: 2048, mime_type, created_at: '2025-04-01T10:00:00Z', updated_at: '2025-04-01T10:00:00Z', width: null, height: null, thumbnail_url: null, processing_error: null });
const files = [item('a.png', 'image/png'), item('b.mp4', 'video/mp4'), item('c.avif', 'image/avif'), item('d.bin', 'video/ogg')];
const used: MediaUsage = { stage: 'live', location: 'Home › hero_image_url', field: 'hero_image_url', path: 'hero_image_url', url: files[0].url };

describe('sort options (SPEC §9)', () => {
  it('offers Newest, Oldest, Name A–Z, Name Z–A and Size, mapped onto the list call', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Newest', 'Oldest', 'Name A–Z', 'Name Z–A', 'Size']);
    expect(listQuery(sortOption('name-desc'))).toBe('/api/storage/list?sort=name&direction=desc');
    expect(listQuery({ ...sortOption('unknown'), q: '  poster ' })).toBe('/api/storage/list?sort=updated_at&direction=desc&q=poster');
  });
});

describe('filters', () => {
  it('keeps used or unused files by the usage map, and everything without one', () => {
    const usage = new Map([['a.png', [used]]]);
    expect(filterByUsage(files, usage, 'used').map((f) => f.name)).toEqual(['a.png']);
    expect(filterByUsage(files, usage, 'unused').map((f) => f.name)).toEqual(['b.mp4', 'c.avif', 'd.bin']);
    expect(filterByUsage(files, null, 'used')).toHaveLength(4);
  });

  it('keeps files of the field kind by extension or MIME type (SPEC §5)', () => {
    expect(filterByKind(files, 'image').map((f) => f.name)).toEqual(['a.png', 'c.avif']);
    expect(filterByKind(files, 'video').map((f) => f.name)).toEqual(['b.mp4', 'd.bin']);
  });

  it('lets the file chooser offer only what the server takes', () => {
    expect(uploadAccept('video')).toBe('.mp4,.webm,.mov,.m4v,video/mp4,video/webm,video/quicktime,video/x-m4v');
    expect(uploadAccept()).toContain('.svg');
  });
});

describe('texts', () => {
  it('lists each stage and location of use', () => {
    expect(usageLines([used, { ...used, stage: 'draft' }])).toEqual(['Live: Home › hero_image_url', 'Draft: Home › hero_image_url']);
    expect([usageSummary(undefined), usageSummary([used]), usageSummary([used, used])]).toEqual([null, 'Used in 1 place', 'Used in 2 places']);
    expect(displayDate('2025-04-01T10:00:00Z', 'en-US')).toBe('Apr 1, 2025');
    expect(displayDate('not a date')).toBe('');
    expect(absoluteUrl('/api/storage/proxy?bucket=media&path=a.png', 'https://punchline.example')).toBe('https://punchline.example/api/storage/proxy?bucket=media&path=a.png');
  });
});

describe('readUploadAnswer (SPEC §5: the response must contain a url string)', () => {
  it('reads the url and the item', () => {
    expect(readUploadAnswer(201, JSON.stringify({ url: files[0].url, item: files[0] }))).toEqual({ ok: true, value: { url: files[0].url, item: files[0] } });
  });

  it("says 'Upload response missing url' for a success without one, and the server's error or 'Upload failed' otherwise", () => {
    expect(readUploadAnswer(201, '{}')).toEqual({ ok: false, status: 201, error: 'Upload response missing url' });
    expect(readUploadAnswer(200, 'not json')).toEqual({ ok: false, status: 200, error: 'Upload response missing url' });
    expect(readUploadAnswer(413, JSON.stringify({ error: 'The file is too large (at most 25 MB).' }))).toEqual({ ok: false, status: 413, error: 'The file is too large (at most 25 MB).' });
    expect(readUploadAnswer(502, '<html>')).toEqual({ ok: false, status: 502, error: 'Upload failed' });
  });
});
