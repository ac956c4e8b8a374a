import { normaliseSettings, type SettingsRecord } from '@punchline/domain';
import { baseOf, mergeKeptEdits } from './kept-edits';

const record = (patch: Partial<SettingsRecord>): SettingsRecord => normaliseSettings({ site_title: 'Punchline', hero_title: 'Hello', footer_text: 'Footer', ...patch }, 'editor');

describe('restoring kept edits (issue 25: never over a newer save)', () => {
  const before = record({});
  const changes: Partial<SettingsRecord> = { hero_title: 'Mine', footer_text: 'My footer', site_title: 'Same' };
  const kept = { changes, base: baseOf(changes, before) };

  it('applies a kept field nobody changed since, skips one that already holds my value, and reports one another save changed', () => {
    const draftNow = record({ footer_text: 'Their footer', site_title: 'Same' });
    expect(mergeKeptEdits(kept, draftNow)).toEqual({ apply: { hero_title: 'Mine' }, conflicts: ['footer_text'] });
  });

  it('applies everything when the draft is as the edits began', () => {
    expect(mergeKeptEdits(kept, before)).toEqual({ apply: changes, conflicts: [] });
  });

  it('edits kept before the base existed restore as before (no comparison possible)', () => {
    expect(mergeKeptEdits({ changes }, record({ footer_text: 'Their footer' }))).toEqual({ apply: changes, conflicts: [] });
  });
});
