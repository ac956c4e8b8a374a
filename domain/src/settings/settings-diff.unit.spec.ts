import { applySettingsChanges, diffSettings, hasSettingsChanges, jsonEqual, mergeDraftOverLive } from './settings-diff';
import type { StoredSettings } from './settings-record';

describe('diffSettings', () => {
  it('returns only changed fields with their new values', () => {
    const before: StoredSettings = { site_title: 'A', theme_accent: '#FFD700', footer_links: [{ label: 'x', url: 'https://x.example' }] };
    const after: StoredSettings = { site_title: 'B', theme_accent: '#FFD700', footer_links: [{ url: 'https://x.example', label: 'x' }] };
    expect(diffSettings(before, after)).toEqual({ site_title: 'B' });
  });
  it('sees nested changes', () => {
    const changes = diffSettings({ contact_socials: { instagram: 'a' } }, { contact_socials: { instagram: 'b' } });
    expect(changes).toEqual({ contact_socials: { instagram: 'b' } });
  });
  it('reports a field gone from after as null, and a new field with its value', () => {
    expect(diffSettings({ hero_title: 'X' }, { who_title: 'Y' })).toEqual({ hero_title: null, who_title: 'Y' });
  });
  it('ignores updated_at and unknown keys', () => {
    const before = { updated_at: 'a', bogus: 1 } as never;
    const after = { updated_at: 'b', bogus: 2 } as never;
    expect(diffSettings(before, after)).toEqual({});
    expect(hasSettingsChanges({})).toBe(false);
    expect(hasSettingsChanges({ site_title: 'x' })).toBe(true);
  });
});

describe('applySettingsChanges', () => {
  it('replaces values and removes nulls, so diff then apply reproduces after', () => {
    const before: StoredSettings = { hero_title: 'X', site_title: 'A' };
    const after: StoredSettings = { site_title: 'B', who_title: 'Y' };
    expect(applySettingsChanges(before, diffSettings(before, after))).toEqual(after);
    expect(before).toEqual({ hero_title: 'X', site_title: 'A' });
  });
});

describe('mergeDraftOverLive', () => {
  it('lets set draft values win and keeps live where the draft is unset or null', () => {
    const live: StoredSettings = { site_title: 'Live', hero_title: 'Live hero', admin_timeout_minutes: 30 };
    const draft: StoredSettings = { site_title: 'Draft', hero_title: undefined, admin_timeout_minutes: null, who_title: '' };
    expect(mergeDraftOverLive(live, draft)).toEqual({ site_title: 'Draft', hero_title: 'Live hero', admin_timeout_minutes: 30, who_title: '' });
  });
});

describe('jsonEqual', () => {
  it('ignores key order at every depth and treats undefined members as absent', () => {
    expect(jsonEqual({ a: 1, b: [{ x: 1, y: 2 }] }, { b: [{ y: 2, x: 1 }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });
  it('tells apart values, lengths, arrays from objects and null from missing', () => {
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
  });
});
