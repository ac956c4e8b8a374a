import { createHash } from 'node:crypto';
import { contentSecurityPolicy, htmlSecurityHeaders, inlineScriptHashes } from './security-headers';

describe('security headers', () => {
  it('hashes each executable inline script, and only those', () => {
    const body = 'window.x = 1;';
    const html = [
      '<script type="module" src="/assets/entry.js"></script>',
      '<script id="site-data" type="application/json">{"a":"<\\u002fscript>"}</script>',
      '<script type="application/ld+json">{"@type":"ComedyEvent"}</script>',
      `<script>${body}</script>`,
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${createHash('sha256').update(body).digest('base64')}'`]);
  });

  it('allows no inline script by default and names the hashed ones', () => {
    expect(contentSecurityPolicy()).toMatch(/^script-src 'self'; /);
    expect(contentSecurityPolicy(["'sha256-abc'"])).toMatch(/^script-src 'self' 'sha256-abc'; /);
    expect(contentSecurityPolicy()).not.toContain('unsafe-eval');
  });

  it('adds HSTS only in production', () => {
    expect(htmlSecurityHeaders('<p>hi</p>', false)).not.toHaveProperty('Strict-Transport-Security');
    expect(htmlSecurityHeaders('<p>hi</p>', true)).toHaveProperty('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  });
});
