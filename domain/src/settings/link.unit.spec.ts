import {
  checkLink,
  LINK_LABEL_TOO_LONG_MESSAGE,
  LINK_MAX_LENGTH,
  LINK_TOO_LONG_MESSAGE,
  DANGEROUS_LINK_MESSAGE,
  LINK_SCHEME_MESSAGE,
  normaliseContactSocials,
  normaliseLink,
  normaliseLinkList,
  normaliseSocialLinks,
  unknownContactSocialKeys,
} from './link';

describe('normaliseLink', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['https://example.com/x', 'https://example.com/x'],
    ['HTTP://Example.com', 'http://Example.com'],
    ['mailto:hi@example.com', 'mailto:hi@example.com'],
    ['tel:+15551234', 'tel:+15551234'],
    ['/events', '/events'],
    ['#tickets', '#tickets'],
    ['?stage=draft', '?stage=draft'],
    ['  /about  ', '/about'],
    ['hi@example.com', 'mailto:hi@example.com'],
    ['www.example.com', 'https://www.example.com'],
    ['WWW.example', 'https://WWW.example'],
    ['example.com', 'https://example.com'],
    ['tickets.example.co.uk/show?id=1', 'https://tickets.example.co.uk/show?id=1'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['//cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['\\\\evil.example', 'https://evil.example'],
    ['/\\evil.example', 'https://evil.example'],
    ['exam', 'exam'],
    ['example.c', 'example.c'],
    ['https://exa\u200Bmple.com', 'https://example.com'],
  ])('reads %j as %j', (input, expected) => {
    expect(normaliseLink(input)).toBe(expected);
  });

  it('gives bare values https:// for footer and quick links', () => {
    expect(normaliseLink('instagram', { bareToHttps: true })).toBe('https://instagram');
    expect(normaliseLink('/admin/media', { bareToHttps: true })).toBe('/admin/media');
    expect(normaliseLink('hi@example.com', { bareToHttps: true })).toBe('mailto:hi@example.com');
  });

  it('reads non-strings as empty', () => {
    expect(normaliseLink(42)).toBe('');
    expect(normaliseLink(null)).toBe('');
    expect(normaliseLink({ href: 'x' })).toBe('');
  });
});

describe('checkLink refuses dangerous schemes, however disguised', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['  javascript:alert(1)'],
    ['\u0000javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['java\u200Bscript:alert(1)'],
    ['java script:alert(1)'],
    ['\u00A0javascript:alert(1)'],
    ['javascript&colon;alert(1)'],
    ['javascript&#58;alert(1)'],
    ['javascript&#x3A;alert(1)'],
    ['&#106;avascript:alert(1)'],
    ['&#x6A;avascript:alert(1)'],
    ['&#0000106avascript:alert(1)'],
    ['java&Tab;script:alert(1)'],
    ['%6Aavascript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['VBScript:msgbox(1)'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['DATA:image/svg+xml,<svg onload=alert(1)>'],
    ['livescript:x'],
  ])('%j', (input) => {
    expect(checkLink(input)).toEqual({ ok: false, value: '', reason: 'dangerous', message: DANGEROUS_LINK_MESSAGE });
  });

  it.each([['ftp://example.com'], ['file:///etc/passwd'], ['localhost:3000'], ['foo bar:baz'], ['tel&colon;123'], ['intent://x']])(
    'refuses other schemes: %j',
    (input) => {
      expect(checkLink(input)).toEqual({ ok: false, value: '', reason: 'scheme', message: LINK_SCHEME_MESSAGE });
    },
  );

  it('does not mistake a path or query containing "javascript:" for a scheme', () => {
    expect(checkLink('/search?q=javascript:')).toEqual({ ok: true, value: '/search?q=javascript:' });
    expect(normaliseLink('https://example.com/?q=javascript:x')).toBe('https://example.com/?q=javascript:x');
  });
});

describe('normaliseLinkList', () => {
  it('keeps only items whose label and url are strings, normalises urls and drops empty ones', () => {
    const reported: string[] = [];
    const out = normaliseLinkList(
      [
        { label: ' Instagram ', url: 'instagram.com/punchline' },
        { label: 'No url', url: '' },
        { label: 'Bad', url: 'javascript:alert(1)' },
        { label: 3, url: 'https://x.example' },
        { label: 'Missing url' },
        'https://string.example',
        null,
        { label: 'Mail', url: 'hi@example.com' },
      ],
      { max: 10, bareToHttps: true },
      (path, message) => reported.push(`${path}: ${message}`),
      'footer_links',
    );
    expect(out).toEqual([
      { label: 'Instagram', url: 'https://instagram.com/punchline' },
      { label: 'Mail', url: 'mailto:hi@example.com' },
    ]);
    expect(reported).toEqual([`footer_links[2].url: ${DANGEROUS_LINK_MESSAGE}`]);
  });

  it('truncates to the limit', () => {
    const links = Array.from({ length: 6 }, (_v, i) => ({ label: `L${i}`, url: `https://e${i}.example` }));
    expect(normaliseLinkList(links, { max: 4 }).map((l) => l.label)).toEqual(['L0', 'L1', 'L2', 'L3']);
  });

  it('reads a non-list as empty', () => {
    expect(normaliseLinkList({ label: 'x', url: 'y' }, { max: 4 })).toEqual([]);
  });
});

describe('normaliseSocialLinks', () => {
  it('turns a label → url map into a list', () => {
    expect(normaliseSocialLinks({ Instagram: 'instagram.com/a', Blank: '', TikTok: 'https://tiktok.com/@a' }, 10)).toEqual([
      { label: 'Instagram', url: 'https://instagram.com/a' },
      { label: 'TikTok', url: 'https://tiktok.com/@a' },
    ]);
  });
  it('keeps at most 10', () => {
    const many = Array.from({ length: 12 }, (_v, i) => ({ label: `S${i}`, url: `https://s${i}.example` }));
    expect(normaliseSocialLinks(many, 10)).toHaveLength(10);
  });
});

describe('normaliseContactSocials', () => {
  it('keeps only the five keys with non-empty values', () => {
    expect(
      normaliseContactSocials({ instagram: 'instagram.com/p', twitter: '', youtube: '  ', tiktok: 'https://tiktok.com/@p', myspace: 'https://m.example', facebook: 7 }),
    ).toEqual({ instagram: 'https://instagram.com/p', tiktok: 'https://tiktok.com/@p' });
    expect(unknownContactSocialKeys({ instagram: 'x', myspace: 'y' })).toEqual(['myspace']);
  });
  it('drops and reports dangerous values', () => {
    const reported: string[] = [];
    expect(normaliseContactSocials({ youtube: 'javascript:alert(1)' }, (p) => reported.push(p), 'contact_socials')).toEqual({});
    expect(reported).toEqual(['contact_socials.youtube']);
  });
  it('reads non-objects as empty', () => {
    expect(normaliseContactSocials(['instagram'])).toEqual({});
    expect(normaliseContactSocials(null)).toEqual({});
  });
});

describe('hostile link input (issue 11)', () => {
  it('refuses a link longer than the limit before any pattern runs, however it is built', () => {
    for (const long of ['a'.repeat(50_000), `${'a.'.repeat(300_000)}`, `a@${'a'.repeat(1_000_000)}`, `https://example.com/${'x'.repeat(LINK_MAX_LENGTH)}`]) {
      expect(checkLink(long)).toEqual({ ok: false, value: '', reason: 'length', message: LINK_TOO_LONG_MESSAGE });
    }
    expect(checkLink(`https://example.com/${'x'.repeat(LINK_MAX_LENGTH - 40)}`).ok).toBe(true);
  });

  it('caps labels (reported) and reads a bounded number of items of a list', () => {
    const issues: string[] = [];
    const report = (path: string, message: string) => issues.push(`${path}: ${message}`);
    const list = Array.from({ length: 100_000 }, (_, i) => ({ label: i === 0 ? 'x'.repeat(100_000) : `L${i}`, url: 'https://example.com' }));
    const out = normaliseLinkList(list, { max: 10 }, report, 'footer_links');
    expect(out).toHaveLength(10);
    expect(issues).toEqual([`footer_links[0].label: ${LINK_LABEL_TOO_LONG_MESSAGE}`]);
  });
});
