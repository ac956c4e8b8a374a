import { normaliseSettings } from '@punchline/domain';
import { imageCandidates } from './components/image-fallbacks';
import { documentTitle, pageHeading, publicPageOf, PUBLIC_PATHS } from './pages';
import { serialiseSiteData } from './site-data';
import { hrefForStage, isInternalHref } from './stage';

describe('hrefForStage', () => {
  it('keeps stage=draft on internal links in the draft view', () => {
    expect(hrefForStage('/events', { stage: 'draft' })).toBe('/events?stage=draft');
    expect(hrefForStage('/', { stage: 'draft' })).toBe('/?stage=draft');
    expect(hrefForStage('/contact?x=1#form', { stage: 'draft' })).toBe('/contact?x=1&stage=draft#form');
    expect(hrefForStage('/media?stage=draft', { stage: 'draft' })).toBe('/media?stage=draft');
  });

  it('keeps at=N on internal links while an admin looks at history (DESIGN §13)', () => {
    const asOf = { position: 42, occurredAt: '2025-05-12T21:04:00.000Z' };
    expect(hrefForStage('/events', { stage: 'live', asOf })).toBe('/events?at=42');
    expect(hrefForStage('/contact#form', { stage: 'live', asOf })).toBe('/contact?at=42#form');
    expect(hrefForStage('https://tickets.test/1', { stage: 'live', asOf })).toBe('https://tickets.test/1');
  });

  it('leaves live links, external links and protocol-relative links alone', () => {
    expect(hrefForStage('/events', { stage: 'live' })).toBe('/events');
    expect(hrefForStage('https://tickets.test/1', { stage: 'draft' })).toBe('https://tickets.test/1');
    expect(hrefForStage('mailto:a@b.test', { stage: 'draft' })).toBe('mailto:a@b.test');
    expect(hrefForStage('//evil.test/x', { stage: 'draft' })).toBe('//evil.test/x');
  });

  it('tells internal paths from everything else', () => {
    expect(isInternalHref('/about')).toBe(true);
    expect(isInternalHref('//cdn.test/a')).toBe(false);
    expect(isInternalHref('/\\evil.test')).toBe(false);
    expect(isInternalHref('https://x.test')).toBe(false);
  });
});

describe('public pages', () => {
  it('lists the six pages in navigation order', () => {
    expect(PUBLIC_PATHS).toEqual(['/', '/media', '/merch', '/events', '/about', '/contact']);
  });

  it('finds the page of a path, trailing slash or not', () => {
    expect(publicPageOf('/events/')?.key).toBe('events');
    expect(publicPageOf('/')?.key).toBe('home');
    expect(publicPageOf('/admin')).toBeNull();
  });

  it('titles documents after the page heading and the site title', () => {
    const settings = normaliseSettings({ site_title: 'Laugh Track', merch_title: 'Shop' }, 'public');
    expect(documentTitle(settings, 'home')).toBe('Laugh Track');
    expect(documentTitle(settings, 'merch')).toBe('Shop | Laugh Track');
    expect(documentTitle(settings, 'maintenance')).toBe('We’ll be right back | Laugh Track');
    expect(pageHeading(settings, 'contact')).toEqual({ title: settings.contact_title, intro: settings.contact_intro });
  });
});

describe('serialiseSiteData', () => {
  it('cannot close its <script> element or open a comment, and still parses back', () => {
    const settings = normaliseSettings({ site_title: '</script><script>alert(1)</script><!--', hero_title: 'line\u2028break' }, 'public');
    const json = serialiseSiteData({ settings, stage: 'live', maintenance: false });
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json).settings.site_title).toBe('</script><script>alert(1)</script><!--');
  });
});

describe('imageCandidates', () => {
  it('falls back from the image to the logo to the default image, skipping blanks and repeats', () => {
    expect(imageCandidates('/hero.jpg', '/logo.png', '/default.svg')).toEqual(['/hero.jpg', '/logo.png', '/default.svg']);
    expect(imageCandidates('', '/logo.png', '/default.svg')).toEqual(['/logo.png', '/default.svg']);
    expect(imageCandidates(' ', '', '/default.svg')).toEqual(['/default.svg']);
    expect(imageCandidates('/logo.png', '/logo.png', '/default.svg')).toEqual(['/logo.png', '/default.svg']);
    // SPEC §7: object-store and old storage-path links load through the proxy.
    expect(imageCandidates('https://media.s3.amazonaws.com/hero.jpg', 'https://old.example/storage/v1/object/public/media/logo.png', '/default.svg')).toEqual([
      '/api/storage/proxy?bucket=media&path=hero.jpg',
      '/api/storage/proxy?bucket=media&path=logo.png',
      '/default.svg',
    ]);
  });
});
