import { isSafeMediaPath, mediaPathOf, mediaProxyUrl, toProxyUrl } from './media-urls';

describe('isSafeMediaPath', () => {
  it('accepts plain names and folders', () => {
    expect(['hero.png', '2024/poster.jpg', 'a_b-c.mp4'].every(isSafeMediaPath)).toBe(true);
  });

  it("refuses '..' anywhere, absolute paths, backslashes, control characters and empty segments", () => {
    for (const path of ['', '../x.png', 'a/../b.png', 'x..png', '/etc/passwd', 'C:/x.png', 'a\\b.png', 'a\u0000.png', 'a//b.png', './a.png', 'a/', 'x'.repeat(513)]) {
      expect([path, isSafeMediaPath(path)]).toEqual([path, false]);
    }
  });
});

describe('mediaProxyUrl', () => {
  it('names the media bucket and encodes the path, keeping folder slashes readable', () => {
    expect(mediaProxyUrl('hero.png')).toBe('/api/storage/proxy?bucket=media&path=hero.png');
    expect(mediaProxyUrl('2024/a b&c.png')).toBe('/api/storage/proxy?bucket=media&path=2024/a%20b%26c.png');
  });
});

describe('mediaPathOf', () => {
  const own = { ownOrigins: ['https://punchline.example/'] };

  it('reads the proxy URL, relative or on an own origin', () => {
    expect(mediaPathOf('/api/storage/proxy?bucket=media&path=hero.png')).toBe('hero.png');
    expect(mediaPathOf(' /api/storage/proxy?path=2024%2Fa%20b.png&bucket=media ')).toBe('2024/a b.png');
    expect(mediaPathOf('https://punchline.example/api/storage/proxy?bucket=media&path=hero.png', own)).toBe('hero.png');
    expect(mediaPathOf('https://elsewhere.example/api/storage/proxy?bucket=media&path=hero.png', own)).toBeNull();
  });

  it('reads the storage service path of the media bucket on any origin', () => {
    expect(mediaPathOf('https://abc.supabase.co/storage/v1/object/public/media/hero.png')).toBe('hero.png');
    expect(mediaPathOf('/storage/v1/object/public/media/2024/poster%201.jpg')).toBe('2024/poster 1.jpg');
    expect(mediaPathOf('https://abc.supabase.co/storage/v1/object/public/avatars/me.png')).toBeNull();
  });

  it("reads Amazon S3's URL forms of a bucket named media, and configured object-store bases", () => {
    expect(mediaPathOf('https://media.s3.amazonaws.com/hero.png')).toBe('hero.png');
    expect(mediaPathOf('https://media.s3.eu-west-1.amazonaws.com/clips/a.mp4')).toBe('clips/a.mp4');
    expect(mediaPathOf('https://s3.us-east-2.amazonaws.com/media/hero.png')).toBe('hero.png');
    expect(mediaPathOf('https://other.s3.amazonaws.com/hero.png')).toBeNull();
    expect(mediaPathOf('http://minio:9000/media/hero.png')).toBeNull();
    expect(mediaPathOf('http://MINIO:9000/media/hero.png?X-Amz-Signature=1', { objectStoreBases: ['http://minio:9000/media'] })).toBe('hero.png');
  });

  it('ignores other links, other buckets and unsafe paths', () => {
    for (const url of [
      '',
      '#top',
      'mailto:a@b.example',
      '/about',
      'https://youtube.com/watch?v=abc',
      '/api/storage/proxy?bucket=avatars&path=a.png',
      '/api/storage/proxy?bucket=media&path=../secret',
      '/api/storage/proxy?bucket=media',
      '/api/storage/proxy?bucket=media&path=%E0%A4%A',
      '//media.s3.amazonaws.com/hero.png',
      'javascript:alert(1)',
    ]) {
      expect([url, mediaPathOf(url)]).toEqual([url, null]);
    }
  });
});

describe('toProxyUrl', () => {
  it('serves object-store and storage-path links through the proxy', () => {
    expect(toProxyUrl('https://media.s3.amazonaws.com/hero.png')).toBe('/api/storage/proxy?bucket=media&path=hero.png');
    expect(toProxyUrl('https://abc.supabase.co/storage/v1/object/public/media/a%20b.png')).toBe('/api/storage/proxy?bucket=media&path=a%20b.png');
  });

  it('leaves proxy links, other buckets and other sites as they are', () => {
    for (const url of ['/api/storage/proxy?bucket=media&path=hero.png', 'https://abc.supabase.co/storage/v1/object/public/avatars/a.png', 'https://cdn.example/hero.png', '']) {
      expect(toProxyUrl(url)).toBe(url);
    }
  });
});
