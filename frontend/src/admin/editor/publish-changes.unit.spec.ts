import { SETTINGS_FIELD_NAMES, normaliseSettings } from '@punchline/domain';
import { NO_PUBLISH_CHANGES_TEXT, SETTINGS_FIELD_LABELS, changeRowText, liveAfterSnapshot, publishChanges } from './publish-changes';

const live = normaliseSettings({ hero_title: 'Old', site_title: 'Punchline' }, 'editor');

describe('what a publish changes on live (issue 12)', () => {
  it('lists a changed hero title with its label, old and new value', () => {
    expect(publishChanges(live, { ...live, hero_title: 'New' })).toEqual({ rows: ['Hero title: "Old" → "New"'], images: [null], more: 0 });
  });

  it('lists nothing when live already shows the content, also when a blank falls back to the same default', () => {
    expect(publishChanges(live, { ...live })).toEqual({ rows: [], images: [], more: 0 });
    expect(publishChanges(live, { ...live, maintenance_message: '' })).toEqual({ rows: [], images: [], more: 0 });
    expect(NO_PUBLISH_CHANGES_TEXT).toBe('No changes: live already shows this.');
  });

  it('keeps the record field order and stops after the row limit, counting the rest', () => {
    const target = { ...live, hero_title: 'A', site_title: 'B', footer_text: 'C', about_title: 'D' };
    expect(publishChanges(live, target, 2)).toMatchObject({ rows: ['Site title: "Punchline" → "B"', 'Footer text: "© Punchline. All rights reserved." → "C"'], more: 2 });
    expect(publishChanges(live, target).rows).toHaveLength(4);
  });

  it('shows at most eight rows by default', () => {
    const target = { ...live, hero_title: '1', hero_subtext: '2', who_title: '3', who_body: '4', events_title: '5', about_title: '6', media_title: '7', merch_title: '8', contact_title: '9', footer_text: '10' };
    const { rows, more } = publishChanges(live, target);
    expect(rows).toHaveLength(8);
    expect(more).toBe(2);
  });

  it('writes switches as on/off, lists by their length, long texts shortened on one line', () => {
    expect(changeRowText('maintenance_enabled', false, true)).toBe('Maintenance mode: off → on');
    expect(changeRowText('logo_url', '', 'https://cdn.example/logo.png')).toBe('Logo: (empty) → "https://cdn.example/logo.png"');
    expect(changeRowText('footer_links', [], [{ label: 'A', url: 'https://a.example' }])).toBe('Footer links: 0 items → 1 item');
    expect(changeRowText('footer_links', [{ label: 'A', url: 'x' }], [{ label: 'B', url: 'x' }])).toBe('Footer links: changed');
    expect(changeRowText('contact_socials', {}, { instagram: 'https://i.example' })).toBe('Contact social links: changed');
    const row = changeRowText('hero_subtext', 'short', `line one\n${'x'.repeat(100)}`);
    expect(row).toMatch(/^Hero subtext: "short" → "line one x+…"$/);
    expect(row.length).toBeLessThan(100);
  });

  it('has a label for every writable field', () => {
    for (const name of SETTINGS_FIELD_NAMES) {
      if (name === 'updated_at') continue;
      expect(SETTINGS_FIELD_LABELS[name]).toMatch(/\S/);
    }
  });

  it('compares a snapshot as the server publishes it: its set values over live', () => {
    const after = liveAfterSnapshot(live, { hero_title: 'From the snapshot' });
    expect(after.site_title).toBe('Punchline');
    expect(publishChanges(live, after).rows).toEqual(['Hero title: "Old" → "From the snapshot"']);
  });

  it('names library files by their file name and shows library images as thumbnails (issue 25)', () => {
    const poster = '/api/storage/proxy?bucket=media&path=posters%2Fspring-poster.jpg';
    const changes = publishChanges(live, { ...live, hero_image_url: poster });
    expect(changes.rows).toEqual(['Hero image: (empty) → "spring-poster.jpg" (media library)']);
    expect(changes.images).toEqual([poster]);
    expect(changes.rows.join()).not.toContain('/api/storage/proxy');
  });
});
