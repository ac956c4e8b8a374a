import { DANGEROUS_LINK_MESSAGE } from './link';
import {
  describeSettingsErrors,
  normaliseBadgeVariant,
  normaliseSessionTimeout,
  normaliseSettings,
  normaliseSettingsField,
  normaliseSizePreset,
  SESSION_TIMEOUT_MESSAGE,
  validateSettingsField,
  validateSettingsUpdate,
} from './normalise';
import { SETTINGS_FIELD_NAMES, settingsDefaults } from './settings-record';

describe('normaliseSettings: defaults per reading', () => {
  it('fills every field for an empty or non-object input', () => {
    for (const input of [{}, null, 'x', [1, 2], 42]) {
      const record = normaliseSettings(input, 'public');
      expect(Object.keys(record).sort()).toEqual([...SETTINGS_FIELD_NAMES].sort());
    }
  });

  it('gives the public defaults', () => {
    const r = normaliseSettings({}, 'public');
    expect(r.site_title).toBe('Punchline');
    expect(r.footer_text).toBe('© Punchline. All rights reserved.');
    expect(r.theme_bg).toBe('#050505');
    expect(r.hero_badge_enabled).toBe(false);
    expect(r.hero_badge_label).toBe('Live Comedy');
    expect(r.maintenance_message).toBe('We’ll be right back…');
    expect(r.maintenance_timezone).toBe('America/Chicago');
    expect(r.session_timeout_minutes).toBe(30);
    expect(r.who_cta_label).toBe('Meet the Team');
    expect(r.who_cta_url).toBe('/about');
    expect(r.who_label).toBe('Who We Are');
    expect(r.who_show_label).toBe(true);
    expect(r.theme_use_global).toBe(true);
    expect(r.theme_accent).toBe('#FFD700');
    expect(r.header_bg).toBe('#000000');
    expect(r.footer_bg).toBe('#000000');
    expect(r.header_text_color).toBe('#FFFFFF');
    expect(r.hero_title_size).toBe('medium');
    expect(r.hero_badge_variant).toBe('soft');
    expect(r.hero_badge_use_theme_color).toBe(true);
    expect(r.home_theme_accent).toBe('');
    expect(r.contact_socials).toEqual({});
    expect(r.updated_at).toBeNull();
  });

  it('gives the editor defaults where SPEC has two', () => {
    const r = normaliseSettings({ site_title: 'Laugh Lab' }, 'editor');
    expect(r.theme_bg).toBe('#111111');
    expect(r.hero_badge_enabled).toBe(true);
    expect(r.hero_badge_label).toBe('Laugh Lab');
    expect(r.hero_badge_color).toBe('#FFD700');
    expect(r.hero_badge_text_color).toBe('#111111');
    expect(normaliseSettings({}, 'editor').hero_badge_label).toBe('Punchline');
  });

  it('keeps a stored badge flag and label in both readings', () => {
    const stored = { hero_badge_enabled: false, hero_badge_label: 'Tonight' };
    expect(normaliseSettings(stored, 'editor')).toMatchObject(stored);
    expect(normaliseSettings({ hero_badge_enabled: true }, 'public').hero_badge_enabled).toBe(true);
  });

  it('derives the header text colour from the header background when unset or invalid', () => {
    expect(normaliseSettings({ header_bg: '#fff' }, 'public').header_text_color).toBe('#111111');
    expect(normaliseSettings({ header_bg: '#fff', header_text_color: 'nope' }, 'public').header_text_color).toBe('#111111');
    expect(normaliseSettings({ header_bg: '#fff', header_text_color: '#f00' }, 'public').header_text_color).toBe('#FF0000');
  });

  it('does not share list objects between calls', () => {
    const a = normaliseSettings({}, 'public');
    a.footer_links.push({ label: 'x', url: 'https://x.example' });
    expect(normaliseSettings({}, 'public').footer_links).toEqual([]);
    expect(settingsDefaults('public').footer_links).toEqual([]);
  });
});

describe('normaliseSettings: field rules', () => {
  it('falls back to defaults for blank text and trims the rest', () => {
    const r = normaliseSettings({ site_title: '   ', hero_title: '  Big Night  ', about_body: { html: 'x' }, contactphone: 5551234 }, 'public');
    expect(r.site_title).toBe('Punchline');
    expect(r.hero_title).toBe('Big Night');
    expect(r.about_body).toBe(settingsDefaults('public').about_body);
    expect(r.contactphone).toBe('5551234');
  });

  it('normalises colours, falling back to defaults', () => {
    const r = normaliseSettings({ theme_accent: 'f00', theme_bg: 'nope', footer_bg: '#12345678', media_theme_bg: 'abc', about_header_bg: 'zz' }, 'public');
    expect(r.theme_accent).toBe('#FF0000');
    expect(r.theme_bg).toBe('#050505');
    expect(r.footer_bg).toBe('#123456');
    expect(r.media_theme_bg).toBe('#AABBCC');
    expect(r.about_header_bg).toBe('');
  });

  it('accepts only known size presets and badge variants', () => {
    const r = normaliseSettings({ hero_title_size: 'LARGE', who_body_size: 'huge', hero_badge_variant: 'Bold', hero_badge_size: 3 }, 'public');
    expect(r.hero_title_size).toBe('large');
    expect(r.who_body_size).toBe('medium');
    expect(r.hero_badge_size).toBe('medium');
    expect(r.hero_badge_variant).toBe('bold');
    expect(normaliseBadgeVariant('outline')).toBe('soft');
    expect(normaliseSizePreset('small')).toBe('small');
  });

  it('empties invalid custom font sizes', () => {
    const r = normaliseSettings({ hero_title_font_size: 'clamp(2rem, 5vw, 4rem)', hero_subtext_font_size: '2rem;color:red' }, 'public');
    expect(r.hero_title_font_size).toBe('clamp(2rem, 5vw, 4rem)');
    expect(r.hero_subtext_font_size).toBe('');
  });

  it('normalises links and drops refused ones to the default', () => {
    const r = normaliseSettings({ logo_url: 'javascript:alert(1)', who_cta_url: 'javascript:alert(1)', featured_video_url: 'youtube.com/watch?v=1' }, 'public');
    expect(r.logo_url).toBe('');
    expect(r.who_cta_url).toBe('/about');
    expect(r.featured_video_url).toBe('https://youtube.com/watch?v=1');
  });

  it('caps quick links at 4 and footer links at 10, giving bare urls https://', () => {
    const links = (n: number) => Array.from({ length: n }, (_v, i) => ({ label: `L${i}`, url: `site${i}` }));
    const r = normaliseSettings({ admin_quick_links: links(6), footer_links: links(12) }, 'editor');
    expect(r.admin_quick_links).toHaveLength(4);
    expect(r.footer_links).toHaveLength(10);
    expect(r.footer_links[0]).toEqual({ label: 'L0', url: 'https://site0' });
  });

  it('reads session timeouts, falling back to 30', () => {
    expect(normaliseSettings({ session_timeout_minutes: 45 }, 'editor').session_timeout_minutes).toBe(45);
    expect(normaliseSettings({ session_timeout_minutes: '15' }, 'editor').session_timeout_minutes).toBe(15);
    expect(normaliseSettings({ session_timeout_minutes: 7 }, 'editor').session_timeout_minutes).toBe(30);
    expect(normaliseSessionTimeout('abc')).toBe(30);
    expect(normaliseSettings({ admin_timeout_minutes: 60 }, 'editor').admin_timeout_minutes).toBe(60);
    expect(normaliseSettings({ admin_timeout_minutes: 61 }, 'editor').admin_timeout_minutes).toBeNull();
  });

  it('reads maintenance times and zone', () => {
    const r = normaliseSettings({ maintenance_daily_start: '1:30', maintenance_daily_end: 'soon', maintenance_timezone: '', maintenance_enabled: 'true' }, 'public');
    expect(r.maintenance_daily_start).toBe('01:30');
    expect(r.maintenance_daily_end).toBe('');
    expect(r.maintenance_timezone).toBe('America/Chicago');
    expect(r.maintenance_enabled).toBe(true);
  });

  it('normalises team members, accepting socials as a map or a list', () => {
    const r = normaliseSettings(
      {
        about_team: [
          { name: ' Ana ', title: 'Host', bio: 'Funny.', photo_url: '/media/ana.jpg', socials: { Instagram: 'instagram.com/ana', Blank: '' } },
          { name: 'Bo', socials: [{ label: 'Site', url: 'bo.example' }, { label: 'X', url: 'javascript:x' }] },
          'not a member',
        ],
      },
      'editor',
    );
    expect(r.about_team).toEqual([
      { name: 'Ana', title: 'Host', bio: 'Funny.', photo_url: '/media/ana.jpg', socials: [{ label: 'Instagram', url: 'https://instagram.com/ana' }] },
      { name: 'Bo', title: '', bio: '', photo_url: '', socials: [{ label: 'Site', url: 'https://bo.example' }] },
    ]);
  });

  it('normalises events, merch and contact cards; the public reading drops blank rows', () => {
    const input = {
      events_upcoming: [{ title: 'Late Show', date: 'April 1, 2025', venue: 'The Loft', link: 'tickets.example/1' }, { title: '', date: '', venue: '', link: '' }],
      merch_items: [{ title: 'Tee', price: 20, description: 'Soft.', image_url: '/media/tee.png', buy_url: 'shop.example/tee' }],
      contact_cards: [{ title: 'Press', description: 'Write to us', link_label: 'Email', link_url: 'press@example.com' }],
    };
    const pub = normaliseSettings(input, 'public');
    expect(pub.events_upcoming).toEqual([{ title: 'Late Show', date: 'April 1, 2025', venue: 'The Loft', link: 'https://tickets.example/1' }]);
    expect(pub.merch_items).toEqual([{ title: 'Tee', price: '20', description: 'Soft.', image_url: '/media/tee.png', buy_url: 'https://shop.example/tee' }]);
    expect(pub.contact_cards[0].link_url).toBe('mailto:press@example.com');
    expect(normaliseSettings(input, 'editor').events_upcoming).toHaveLength(2);
  });

  it('normalises media sections: item type, Archive last, blank items dropped for the public', () => {
    const input = {
      media_sections: [
        { title: 'Archive', items: [{ type: 'video', url: 'old.mp4' }] },
        { title: 'Clips', items: [{ type: 'VIDEO', title: 'Bit', url: 'https://v.example/1' }, { type: 'gif', url: '/a.gif' }, { type: 'image', title: '', url: '' }] },
        { title: 'Soon', items: [{ type: 'image', title: 'Poster' }] },
      ],
    };
    const pub = normaliseSettings(input, 'public');
    expect(pub.media_sections.map((s) => s.title)).toEqual(['Clips', 'Soon', 'Archive']);
    expect(pub.media_sections[0].items).toEqual([
      { type: 'video', title: 'Bit', url: 'https://v.example/1' },
      { type: 'image', title: '', url: '/a.gif' },
    ]);
    expect(pub.media_sections[1].items).toEqual([{ type: 'image', title: 'Poster', url: '' }]);
    expect(normaliseSettings(input, 'editor').media_sections[0].items).toHaveLength(3);
  });

  it('keeps only the known contact socials with values', () => {
    expect(normaliseSettings({ contact_socials: { instagram: 'instagram.com/p', twitter: '', myspace: 'x.example' } }, 'public').contact_socials).toEqual({
      instagram: 'https://instagram.com/p',
    });
  });

  it('drops unknown fields', () => {
    expect(normaliseSettings({ evil: 1 }, 'public')).not.toHaveProperty('evil');
  });

  it('reads one field with the static defaults', () => {
    expect(normaliseSettingsField('theme_bg', '', 'editor')).toBe('#111111');
    expect(normaliseSettingsField('hero_badge_variant', 'bold', 'public')).toBe('bold');
  });
});

describe('validateSettingsUpdate (server)', () => {
  it('returns the given fields normalised, blanks kept blank', () => {
    const result = validateSettingsUpdate({
      site_title: '  Laugh Lab ',
      hero_title: '',
      theme_accent: 'f00',
      header_text_color: '',
      logo_url: 'cdn.example/logo.png',
      admin_quick_links: Array.from({ length: 5 }, (_v, i) => ({ label: `Q${i}`, url: `/admin/q${i}` })),
      session_timeout_minutes: '45',
      maintenance_daily_start: '2:00',
      hero_title_font_size: 'nonsense',
      hero_badge_variant: 'loud',
    });
    expect(result).toEqual({
      ok: true,
      ignored: [],
      value: {
        site_title: 'Laugh Lab',
        hero_title: '',
        theme_accent: '#FF0000',
        header_text_color: '',
        logo_url: 'https://cdn.example/logo.png',
        admin_quick_links: [0, 1, 2, 3].map((i) => ({ label: `Q${i}`, url: `/admin/q${i}` })),
        session_timeout_minutes: 45,
        maintenance_daily_start: '02:00',
        hero_title_font_size: '',
        hero_badge_variant: 'soft',
      },
    });
  });

  it('accepts the whole editor record (round trip)', () => {
    const record = normaliseSettings({ site_title: 'X' }, 'editor');
    const result = validateSettingsUpdate(record);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.ignored).toEqual(['updated_at']);
      expect(result.value).not.toHaveProperty('updated_at');
      const { updated_at: _ignored, ...writable } = record;
      expect(result.value).toEqual(writable);
    }
  });

  it('ignores the read-only updated_at', () => {
    expect(validateSettingsUpdate({ updated_at: '2020-01-01T00:00:00Z', site_title: 'A' })).toEqual({ ok: true, value: { site_title: 'A' }, ignored: ['updated_at'] });
  });

  it('refuses unknown fields, naming each', () => {
    const result = validateSettingsUpdate({ site_title: 'A', evil: 1, __proto__x: 2 });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'evil', message: 'Unknown setting "evil".' },
        { field: '__proto__x', message: 'Unknown setting "__proto__x".' },
      ],
    });
    if (!result.ok) expect(describeSettingsErrors(result.errors)).toBe('Unknown settings: evil, __proto__x.');
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, [], 'x', 3]) {
      expect(validateSettingsUpdate(body)).toEqual({ ok: false, errors: [{ field: '', message: 'Settings must be a JSON object.' }] });
    }
  });

  it('refuses dangerous links at top level and inside lists, with their path', () => {
    const result = validateSettingsUpdate({
      logo_url: 'javascript:alert(1)',
      footer_links: [{ label: 'ok', url: 'https://ok.example' }, { label: 'x', url: 'JaVaScRiPt:alert(1)' }],
      about_team: [{ name: 'A', photo_url: 'data:image/png;base64,AAA', socials: [{ label: 'x', url: 'vbscript:x' }] }],
      media_sections: [{ title: 'S', items: [{ type: 'image', url: 'ok.png' }, { type: 'video', url: ' javascript:x' }] }],
      contact_socials: { instagram: 'javascript:x' },
      contact_cards: [{ title: 'T', link_url: 'javascript:x' }],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => e.field)).toEqual([
        'logo_url',
        'footer_links[1].url',
        'about_team[0].photo_url',
        'about_team[0].socials[0].url',
        'media_sections[0].items[1].url',
        'contact_socials.instagram',
        'contact_cards[0].link_url',
      ]);
      expect(result.errors.every((e) => e.message === DANGEROUS_LINK_MESSAGE)).toBe(true);
    }
  });

  it.each([
    ['site_title', 42, 'Expected text.'],
    ['theme_use_global', 'yes', 'Expected true or false.'],
    ['theme_use_global', null, 'Expected true or false.'],
    ['footer_links', 'https://x.example', 'Expected a list.'],
    ['contact_socials', ['x'], 'Expected an object with instagram, twitter, youtube, tiktok or facebook links.'],
    ['theme_accent', 'rgb(1,2,3)', 'Enter a 3- or 6-digit hex value such as #FFAA00.'],
    ['home_header_bg', '#12', 'Enter a 3- or 6-digit hex value such as #FFAA00.'],
    ['hero_title_size', 3, 'Expected small, medium or large.'],
    ['session_timeout_minutes', 7, SESSION_TIMEOUT_MESSAGE],
    ['session_timeout_minutes', null, SESSION_TIMEOUT_MESSAGE],
    ['admin_timeout_minutes', 90, SESSION_TIMEOUT_MESSAGE],
    ['maintenance_daily_end', '25:00', 'Enter a time as HH:MM (24-hour), for example 02:30.'],
    ['maintenance_timezone', 'Chicago; DROP', 'Enter a time zone name such as America/Chicago.'],
    ['ftp_like', 1, 'Unknown setting "ftp_like".'],
  ])('refuses %s = %j', (field, value, message) => {
    expect(validateSettingsUpdate({ [field]: value })).toEqual({ ok: false, errors: [{ field, message }] });
  });

  it('names the session timeout values in its message', () => {
    expect(SESSION_TIMEOUT_MESSAGE).toBe('Session timeout must be one of 5, 10, 15, 20, 25, 30, 45 or 60 minutes.');
  });

  it('refuses other schemes in links', () => {
    expect(validateSettingsUpdate({ favicon_url: 'ftp://x.example/f.ico' })).toEqual({
      ok: false,
      errors: [{ field: 'favicon_url', message: 'Links must start with http://, https://, mailto: or tel:, or with /, # or ?.' }],
    });
  });

  it('refuses oversized text and lists', () => {
    const long = validateSettingsUpdate({ site_title: 'x'.repeat(501) });
    expect(long).toEqual({ ok: false, errors: [{ field: 'site_title', message: 'Too long: at most 500 characters.' }] });
    const many = validateSettingsUpdate({ events_past: Array.from({ length: 201 }, () => ({ title: 't' })) });
    expect(many).toEqual({ ok: false, errors: [{ field: 'events_past', message: 'Too many entries: at most 200.' }] });
  });

  it('accepts null as "clear" for text, links, lists and optional timeout', () => {
    expect(validateSettingsUpdate({ hero_title: null, logo_url: null, footer_links: null, contact_socials: null, admin_timeout_minutes: null })).toEqual({
      ok: true,
      ignored: [],
      value: { hero_title: '', logo_url: '', footer_links: [], contact_socials: {}, admin_timeout_minutes: null },
    });
  });

  it('gives per-field messages for the editor', () => {
    expect(validateSettingsField('theme_accent', '#12')).toEqual([{ field: 'theme_accent', message: 'Enter a 3- or 6-digit hex value such as #FFAA00.' }]);
    expect(validateSettingsField('theme_accent', '#123')).toEqual([]);
  });
});

describe('issue 31: site time zone and the optional show fields', () => {
  const old = { title: 'Late Show', date: 'March 13, 2027 8pm', venue: 'The Cellar', link: 'https://tickets.example/1' };

  it('reads the site zone as the maintenance zone until one is chosen, and refuses zones Intl does not know', () => {
    expect(normaliseSettings({}, 'public').site_timezone).toBe('America/Chicago');
    expect(normaliseSettings({ maintenance_timezone: 'Europe/Berlin' }, 'public').site_timezone).toBe('Europe/Berlin');
    expect(normaliseSettings({ maintenance_timezone: 'Europe/Berlin', site_timezone: 'Asia/Tokyo' }, 'editor').site_timezone).toBe('Asia/Tokyo');
    expect(normaliseSettings({ site_timezone: 'Mars/Olympus' }, 'public').site_timezone).toBe('America/Chicago');
    expect(validateSettingsUpdate({ site_timezone: 'Europe/Berlin' })).toMatchObject({ ok: true, value: { site_timezone: 'Europe/Berlin' } });
    expect(validateSettingsUpdate({ site_timezone: '' })).toMatchObject({ ok: true, value: { site_timezone: '' } });
    expect(validateSettingsUpdate({ site_timezone: 'Mars/Olympus' })).toMatchObject({ ok: false, errors: [{ field: 'site_timezone' }] });
    expect(validateSettingsUpdate({ site_timezone: 5 })).toMatchObject({ ok: false, errors: [{ field: 'site_timezone' }] });
  });

  it('reads records saved before the optional fields unchanged', () => {
    expect(normaliseSettings({ events_upcoming: [old] }, 'public').events_upcoming).toEqual([old]);
    expect(validateSettingsUpdate({ events_upcoming: [old] })).toEqual({ ok: true, value: { events_upcoming: [old] }, ignored: [] });
  });

  it('keeps the optional fields when filled in, drops them when cleared', () => {
    const full = {
      ...old,
      address: ' 12 Main St, Chicago, IL 60601 ',
      description: 'An hour of new material.',
      price: '15.50',
      currency: 'usd',
      availability: 'sold_out',
      performers: 'Ana Lee, Bo Park',
      image_url: '/api/storage/proxy?key=media%2Fshow.jpg',
    };
    const result = validateSettingsUpdate({ events_upcoming: [full, { ...old, address: '', price: '', image_url: '' }] });
    expect(result).toEqual({
      ok: true,
      ignored: [],
      value: { events_upcoming: [{ ...full, address: '12 Main St, Chicago, IL 60601', currency: 'USD' }, old] },
    });
  });

  it('refuses a malformed price, currency, availability or image link with the item path', () => {
    const result = validateSettingsUpdate({
      events_upcoming: [{ ...old, price: '$15', currency: 'dollars', availability: 'maybe', image_url: 'javascript:alert(1)' }],
    });
    expect(result.ok).toBe(false);
    const fields = !result.ok ? result.errors.map((e) => e.field) : [];
    expect(fields).toEqual(['events_upcoming[0].price', 'events_upcoming[0].currency', 'events_upcoming[0].availability', 'events_upcoming[0].image_url']);
    // A reading never throws: malformed values are left out.
    expect(normaliseSettings({ events_upcoming: [{ ...old, price: '$15', availability: 'maybe' }] }, 'public').events_upcoming).toEqual([old]);
  });
});
