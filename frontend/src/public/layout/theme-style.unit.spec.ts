import { contrastRatio, normaliseSettings, resolvePageTheme } from '@punchline/domain';
import { readableOn, themeStyle } from './theme-style';

const prop = (style: object, name: string) => (style as Record<string, string>)[name];

describe('themeStyle', () => {
  it('gives the default dark theme with the gold accent', () => {
    const style = themeStyle(resolvePageTheme(normaliseSettings({}, 'public'), 'home'));
    expect(prop(style, '--accent')).toBe('#FFD700');
    expect(prop(style, '--bg')).toBe('#050505');
    expect(prop(style, '--ink')).toBe('#FFFFFF');
    expect(prop(style, '--accent-ink')).toBe('#111111');
    expect(prop(style, '--accent-text')).toBe('#FFD700');
  });

  it('applies a page override when the global theme is off', () => {
    const settings = normaliseSettings({ theme_use_global: false, events_theme_accent: '#ff3366', events_theme_bg: '#FAFAFA' }, 'public');
    const style = themeStyle(resolvePageTheme(settings, 'events'));
    expect(prop(style, '--accent')).toBe('#FF3366');
    expect(prop(style, '--bg')).toBe('#FAFAFA');
    expect(prop(style, '--ink')).toBe('#111111');
    expect(contrastRatio(prop(style, '--accent-text'), '#FAFAFA')).toBeGreaterThanOrEqual(4.5);
    expect(prop(themeStyle(resolvePageTheme(settings, 'home')), '--accent')).toBe('#FFD700');
  });

  it('never lets anything but a hex colour through', () => {
    const theme = { accent: 'red;} body{display:none', background: 'url(x)', headerBackground: '', headerText: '', footerBackground: '' };
    const style = themeStyle(theme);
    for (const value of Object.values(style)) expect(String(value)).toMatch(/^#[0-9A-F]{6}$/);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads at AA', () => {
    expect(readableOn('#FFD700', '#050505', '#FFFFFF')).toBe('#FFD700');
  });

  it('moves a dark accent on a dark background toward the ink', () => {
    const adjusted = readableOn('#222244', '#050505', '#FFFFFF');
    expect(contrastRatio(adjusted, '#050505')).toBeGreaterThanOrEqual(4.5);
  });
});
