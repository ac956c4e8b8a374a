import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps same-origin paths with query and hash', () => {
    expect(safeReturnTo('/admin/media?x=1#top')).toBe('/admin/media?x=1#top');
    expect(safeReturnTo('/about?stage=draft')).toBe('/about?stage=draft');
  });

  it('falls back to /admin for anything that could leave the site', () => {
    for (const hostile of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/admin\n/x',
      'admin',
      '',
      undefined,
      ['/admin/media'],
      `/${'a'.repeat(3000)}`,
      // Dot segments that normalise into a protocol-relative URL (issue 11).
      '/.//evil.example',
      '/./\u002f/evil.example'.replace('\\u002f', '/'),
      '/a/..//evil.example',
      '/%2e//evil.example',
    ]) {
      expect(safeReturnTo(hostile)).toBe('/admin');
    }
  });
});
