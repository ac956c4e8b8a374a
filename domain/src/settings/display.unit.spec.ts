import {
  blankEvent,
  formatBytes,
  formatKilobytes,
  formatMerchPrice,
  hasTicketLink,
  homeUpcomingEvents,
  newContactCard,
} from './display';
import { normaliseSettings } from './normalise';
import { resolveHeroBadgeColors, resolvePageTheme } from './page-theme';

describe('display helpers', () => {
  it('shows the first 3 upcoming events on home', () => {
    const events = Array.from({ length: 5 }, (_v, i) => ({ ...blankEvent(), title: `E${i}` }));
    expect(homeUpcomingEvents({ events_upcoming: events }).map((e) => e.title)).toEqual(['E0', 'E1', 'E2']);
  });
  it('shows Get Tickets only for http links', () => {
    expect(hasTicketLink({ link: 'https://t.example' })).toBe(true);
    expect(hasTicketLink({ link: 'HTTP://t.example' })).toBe(true);
    expect(hasTicketLink({ link: '/events' })).toBe(false);
    expect(hasTicketLink({ link: '' })).toBe(false);
  });
  it('prefixes prices with $ once', () => {
    expect(formatMerchPrice('20')).toBe('$20');
    expect(formatMerchPrice(' 12.50 ')).toBe('$12.50');
    expect(formatMerchPrice('0')).toBe('$0');
    expect(formatMerchPrice(' $20 ')).toBe('$20');
    expect(formatMerchPrice('')).toBe('');
  });
  it('leaves a price that is not an amount as written', () => {
    expect(formatMerchPrice('Free')).toBe('Free');
    expect(formatMerchPrice(' Pay what you can ')).toBe('Pay what you can');
    expect(formatMerchPrice('€12')).toBe('€12');
    expect(formatMerchPrice('USD 20')).toBe('USD 20');
  });
  it('formats sizes from B to TB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120 TB');
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatKilobytes(1500)).toBe('1 KB');
    expect(formatKilobytes(2600)).toBe('3 KB');
  });
  it('starts a contact card as SPEC says', () => {
    expect(newContactCard('hello@punchline.example')).toEqual({
      title: 'New inquiry',
      description: 'Tell us what you have in mind and we will get back to you.',
      link_label: 'Contact',
      link_url: 'mailto:hello@punchline.example',
    });
    expect(newContactCard().link_url).toBe('mailto:');
  });
});

describe('resolvePageTheme', () => {
  it('uses the site-wide colours while theme_use_global is on, ignoring overrides', () => {
    const s = normaliseSettings({ theme_accent: '#f00', about_theme_accent: '#0f0' }, 'public');
    expect(resolvePageTheme(s, 'about')).toEqual({
      accent: '#FF0000',
      background: '#050505',
      headerBackground: '#000000',
      headerText: '#FFFFFF',
      footerBackground: '#000000',
    });
  });
  it('applies per-page overrides when it is off, falling back to site-wide colours', () => {
    const s = normaliseSettings({ theme_use_global: false, theme_accent: '#f00', about_theme_accent: '#0f0', about_header_bg: '#fff' }, 'public');
    expect(resolvePageTheme(s, 'about')).toEqual({
      accent: '#00FF00',
      background: '#050505',
      headerBackground: '#FFFFFF',
      headerText: '#111111',
      footerBackground: '#000000',
    });
    expect(resolvePageTheme(s, 'home').accent).toBe('#FF0000');
  });
  it('colours the badge from the theme or from its own settings', () => {
    const s = normaliseSettings({ hero_badge_color: '#123456', hero_badge_text_color: '#fff' }, 'public');
    const theme = resolvePageTheme(s, 'home');
    expect(resolveHeroBadgeColors(s, theme)).toEqual({ background: '#FFD700', text: '#111111' });
    expect(resolveHeroBadgeColors({ ...s, hero_badge_use_theme_color: false }, theme)).toEqual({ background: '#123456', text: '#FFFFFF' });
  });
});
