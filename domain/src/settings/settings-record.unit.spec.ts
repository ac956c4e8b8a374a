import { copyrightLine, isSettingsField, SETTINGS_FIELD_NAMES, SETTINGS_FIELDS, settingsDefaults, THEME_COLOR_KEYS, THEMED_PAGES } from './settings-record';

describe('settings catalogue', () => {
  it('has the 5 per-page theme overrides for each of the 6 pages', () => {
    const overrides = SETTINGS_FIELD_NAMES.filter((f) => SETTINGS_FIELDS[f].kind === 'colorOverride');
    expect(overrides).toHaveLength(30);
    for (const page of THEMED_PAGES) for (const key of THEME_COLOR_KEYS) expect(isSettingsField(`${page}_${key}`)).toBe(true);
  });
  it('marks only updated_at read-only', () => {
    expect(SETTINGS_FIELD_NAMES.filter((f) => SETTINGS_FIELDS[f].readOnly)).toEqual(['updated_at']);
  });
  it('has a default for every field in both readings', () => {
    for (const reading of ['public', 'editor'] as const) {
      expect(Object.keys(settingsDefaults(reading)).sort()).toEqual([...SETTINGS_FIELD_NAMES].sort());
    }
  });
  it('does not treat inherited object keys as fields', () => {
    expect(isSettingsField('toString')).toBe(false);
    expect(isSettingsField('constructor')).toBe(false);
  });
  it('writes the copyright line with an optional year', () => {
    expect(copyrightLine()).toBe('© Punchline. All rights reserved.');
    expect(copyrightLine(2025)).toBe('© 2025 Punchline. All rights reserved.');
  });
});
