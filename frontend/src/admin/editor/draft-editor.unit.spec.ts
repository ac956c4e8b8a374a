import { normaliseSettings, settingsDefaults } from '@punchline/domain';
import {
  READING_DEPENDENT_FIELDS,
  changesForSave,
  readingGaps,
  CURRENT_DRAFT,
  canAutoSave,
  editorControls,
  editorReducer,
  initialEditorState,
  isDirty,
  currentDraftOptionLabel,
  pageThemeEnabled,
  publishChoiceProblems,
  publishProblemText,
  publishedNoticeText,
  publishReviewLabel,
  recordForSave,
  shouldSaveBeforePublish,
  type EditorControlsInput,
  type EditorState,
} from './draft-editor';

const loaded = (): EditorState => editorReducer(initialEditorState('draft'), { type: 'loaded', stage: 'draft', settings: normaliseSettings({}, 'editor') });
const input = (over: Partial<EditorControlsInput> = {}): EditorControlsInput => ({ stage: 'draft', lock: 'mine', lockPending: false, dirty: true, busy: null, ready: true, ...over });

describe('editor state', () => {
  it('is dirty only when the edited record differs from the last loaded or saved copy', () => {
    const state = loaded();
    expect(isDirty(state)).toBe(false);
    const edited = editorReducer(state, { type: 'edit', patch: { hero_title: 'Tonight only' } });
    expect(isDirty(edited)).toBe(true);
    const back = editorReducer(edited, { type: 'edit', patch: { hero_title: state.current!.hero_title } });
    expect(isDirty(back)).toBe(false);
  });

  it('after a save, the saved copy is the baseline; edits made while saving stay local', () => {
    const edited = editorReducer(loaded(), { type: 'edit', patch: { hero_title: 'A' } });
    const sent = edited.current!;
    const saved = { ...sent, hero_title: 'A' };
    const afterSave = editorReducer(editorReducer(edited, { type: 'busy', operation: 'saving' }), { type: 'saved', sent, saved });
    expect(afterSave.busy).toBeNull();
    expect(isDirty(afterSave)).toBe(false);
    expect(afterSave.notice).toEqual({ tone: 'success', text: 'Draft saved.' });

    const typing = editorReducer(editorReducer(edited, { type: 'busy', operation: 'saving' }), { type: 'edit', patch: { hero_title: 'AB' } });
    const raced = editorReducer(typing, { type: 'saved', sent, saved });
    expect(raced.current!.hero_title).toBe('AB');
    expect(isDirty(raced)).toBe(true);
  });

  it('a failed operation ends busy and shows its error; a failed load empties the form', () => {
    const failed = editorReducer(editorReducer(loaded(), { type: 'busy', operation: 'publishing' }), { type: 'failed', message: 'Failed to publish' });
    expect(failed.busy).toBeNull();
    expect(failed.notice).toEqual({ tone: 'error', text: 'Failed to publish' });
    const loadFailed = editorReducer(loaded(), { type: 'load-failed', stage: 'live', message: 'Request failed: 500' });
    expect(loadFailed).toMatchObject({ stage: 'live', loading: false, loadError: 'Request failed: 500', current: null });
  });

  it('ignores edits before the settings are loaded', () => {
    const state = initialEditorState('draft');
    expect(editorReducer(state, { type: 'edit', patch: { hero_title: 'x' } })).toBe(state);
  });
});

describe('what a save sends', () => {
  it('normalises per SPEC §5: blank texts take defaults, half-typed colours fall back, bad sizes clear, links normalised', () => {
    const current = {
      ...normaliseSettings({}, 'editor'),
      hero_title: '   ',
      theme_accent: '#FFA',
      header_bg: '#12',
      hero_title_font_size: '  2.5rem ',
      hero_subtext_font_size: 'expression(alert(1))',
      who_cta_url: 'example.com/team',
      footer_links: [
        { label: 'Insta', url: 'instagram.com/punchline' },
        { label: 'Blank', url: '' },
      ],
      updated_at: '2025-01-01T00:00:00.000Z',
    };
    const body = recordForSave(current);
    const defaults = settingsDefaults('editor');
    expect(body.hero_title).toBe(defaults.hero_title);
    expect(body.theme_accent).toBe('#FFFFAA');
    expect(body.header_bg).toBe(defaults.header_bg);
    expect(body.hero_title_font_size).toBe('2.5rem');
    expect(body.hero_subtext_font_size).toBe('');
    expect(body.who_cta_url).toBe('https://example.com/team');
    expect(body.footer_links).toEqual([{ label: 'Insta', url: 'https://instagram.com/punchline' }]);
    expect('updated_at' in body).toBe(false);
  });
});

describe('enablement (SPEC §4)', () => {
  it('fields are editable only in the draft stage when nobody else holds the lock', () => {
    expect(editorControls(input()).canEdit).toBe(true);
    expect(editorControls(input({ lock: 'none' })).canEdit).toBe(true);
    expect(editorControls(input({ lock: 'other' })).canEdit).toBe(false);
    expect(editorControls(input({ lock: 'loading' })).canEdit).toBe(false);
    expect(editorControls(input({ stage: 'live' })).canEdit).toBe(false);
    expect(editorControls(input({ ready: false })).canEdit).toBe(false);
  });

  it('shows the read-only banner that applies', () => {
    expect(editorControls(input({ stage: 'live' })).readOnlyBanner).toBe('Switch to the Draft view to edit these fields.');
    expect(editorControls(input({ lock: 'other' })).readOnlyBanner).toBe('Draft is locked by another editor. Fields are read-only until they release the lock.');
    expect(editorControls(input()).readOnlyBanner).toBeNull();
  });

  it('Save Draft: draft stage, changes, not saving, not locked by another', () => {
    expect(editorControls(input()).canSave).toBe(true);
    expect(editorControls(input({ dirty: false })).canSave).toBe(false);
    expect(editorControls(input({ busy: 'saving' })).canSave).toBe(false);
    expect(editorControls(input({ lock: 'other' })).canSave).toBe(false);
    expect(editorControls(input({ stage: 'live' })).canSave).toBe(false);
    expect(editorControls(input({ lock: 'none' })).canSave).toBe(true);
  });

  it('Pull Current Live: not while the lock is loading or held by another', () => {
    expect(editorControls(input({ stage: 'live', dirty: false })).canPull).toBe(true);
    expect(editorControls(input({ lock: 'loading' })).canPull).toBe(false);
    expect(editorControls(input({ lock: 'other' })).canPull).toBe(false);
  });

  it('Publish to Live: not while the lock is loading, held by another, saving or publishing', () => {
    expect(editorControls(input({ dirty: false })).canPublish).toBe(true);
    expect(editorControls(input({ stage: 'live', lock: 'none' })).canPublish).toBe(true);
    for (const over of [{ lock: 'loading' as const }, { lock: 'other' as const }, { busy: 'saving' as const }, { busy: 'publishing' as const }]) {
      expect(editorControls(input(over)).canPublish).toBe(false);
    }
  });

  it('Acquire only in the draft view; Release shown when held', () => {
    expect(editorControls(input({ lock: 'none' })).canAcquire).toBe(true);
    expect(editorControls(input({ stage: 'live', lock: 'none' })).canAcquire).toBe(false);
    expect(editorControls(input({ lock: 'none', lockPending: true })).canAcquire).toBe(false);
    expect(editorControls(input()).showRelease).toBe(true);
    expect(editorControls(input({ lock: 'other' })).showRelease).toBe(false);
  });

  it('per-page theme overrides need an editable draft and the global theme off', () => {
    expect(pageThemeEnabled({ canEdit: true }, { theme_use_global: false })).toBe(true);
    expect(pageThemeEnabled({ canEdit: true }, { theme_use_global: true })).toBe(false);
    expect(pageThemeEnabled({ canEdit: false }, { theme_use_global: false })).toBe(false);
    expect(pageThemeEnabled({ canEdit: true }, null)).toBe(false);
  });
});

describe('auto-save before an automatic logout', () => {
  it('saves only a draft that could be saved now, by the lock holder', () => {
    expect(canAutoSave({ canSave: true, lock: 'mine' })).toBe(true);
    expect(canAutoSave({ canSave: true, lock: 'none' })).toBe(false);
    expect(canAutoSave({ canSave: false, lock: 'mine' })).toBe(false);
  });
});

describe('publish', () => {
  it('saves first only in the draft stage, owning the lock, with changes or an empty draft', () => {
    expect(shouldSaveBeforePublish({ stage: 'draft', lock: 'mine', dirty: true, draftEmpty: false })).toBe(true);
    expect(shouldSaveBeforePublish({ stage: 'draft', lock: 'mine', dirty: false, draftEmpty: true })).toBe(true);
    expect(shouldSaveBeforePublish({ stage: 'draft', lock: 'mine', dirty: false, draftEmpty: false })).toBe(false);
    expect(shouldSaveBeforePublish({ stage: 'draft', lock: 'none', dirty: true, draftEmpty: false })).toBe(false);
    expect(shouldSaveBeforePublish({ stage: 'live', lock: 'mine', dirty: true, draftEmpty: false })).toBe(false);
  });

  it('asks for a choice and for the review box (SPEC §5); the current draft is a valid choice with or without snapshots', () => {
    expect(publishChoiceProblems({ choice: null, snapshotIds: ['v1', 'v2'], reviewed: false })).toEqual(['choice', 'review']);
    expect(publishChoiceProblems({ choice: { kind: 'snapshot', id: 'v1', name: 'A' }, snapshotIds: ['v1', 'v2'], reviewed: true })).toEqual([]);
    expect(publishChoiceProblems({ choice: CURRENT_DRAFT, snapshotIds: ['v1', 'v2'], reviewed: true })).toEqual([]);
    expect(publishChoiceProblems({ choice: CURRENT_DRAFT, snapshotIds: [], reviewed: true })).toEqual([]);
    expect(publishChoiceProblems({ choice: CURRENT_DRAFT, snapshotIds: [], reviewed: false })).toEqual(['review']);
    expect(publishChoiceProblems({ choice: { kind: 'snapshot', id: 'v1', name: 'A' }, snapshotIds: ['v1'], reviewed: false })).toEqual(['review']);
  });

  it('treats a snapshot that is no longer listed as no selection', () => {
    expect(publishChoiceProblems({ choice: { kind: 'snapshot', id: 'gone', name: 'Old' }, snapshotIds: ['v1'], reviewed: true })).toEqual(['choice']);
  });

  it('words each problem with the SPEC §5 texts, the review one for the choice as it is now (as the box is labelled)', () => {
    expect(publishProblemText('choice', null)).toBe('Select the draft snapshot you intend to publish.');
    // No snapshot left (the chosen one was deleted elsewhere): only the current draft can be chosen.
    expect(publishProblemText('choice', null, false)).toBe('Choose what to publish.');
    expect(publishProblemText('review', CURRENT_DRAFT)).toBe("Confirm that you've reviewed the current draft.");
    expect(publishProblemText('review', { kind: 'snapshot', id: 'v1', name: 'A' })).toBe("Confirm that you've reviewed the selected draft snapshot.");
    expect(publishProblemText('review', null)).toBe("Confirm that you've reviewed the selected draft snapshot.");
    for (const choice of [CURRENT_DRAFT, { kind: 'snapshot', id: 'v1', name: 'A' } as const, null]) {
      // The error repeats the box's own words: 'I have reviewed X.' ↔ "Confirm that you've reviewed X."
      expect(publishProblemText('review', choice).replace("Confirm that you've", 'I have')).toBe(publishReviewLabel(choice));
    }
  });

  it('names the current draft option, the review box and the success notice after the choice (issue 12)', () => {
    expect(currentDraftOptionLabel(true)).toBe('The current draft (with your unsaved changes)');
    expect(currentDraftOptionLabel(false)).toBe('The current draft');
    expect(publishReviewLabel(CURRENT_DRAFT)).toBe('I have reviewed the current draft.');
    expect(publishReviewLabel({ kind: 'snapshot', id: 'v1', name: 'Spring' })).toBe('I have reviewed the selected draft snapshot.');
    expect(publishedNoticeText(CURRENT_DRAFT)).toBe('Published the current draft to live.');
    expect(publishedNoticeText({ kind: 'snapshot', id: 'v1', name: 'Spring launch' })).toBe("Published snapshot 'Spring launch' to live.");
  });
});

describe('a save sends only what the admin changed (issue 12 point 2)', () => {
  const shown = normaliseSettings({}, 'editor');

  it('sends the one changed field, not the defaults the editor reads for unset ones', () => {
    expect(changesForSave(shown, { ...shown, site_title: 'New title' })).toEqual({ site_title: 'New title' });
    expect(changesForSave(shown, shown)).toEqual({});
  });

  it('sends a field the admin asked to save as shown, even though it equals what was loaded', () => {
    expect(changesForSave(shown, shown, ['hero_badge_enabled'])).toEqual({ hero_badge_enabled: true });
  });

  it('names the fields that read differently on the public site until saved, and no others', () => {
    const state = { baseline: shown, publicReading: normaliseSettings({}, 'public'), pinned: [] };
    expect(READING_DEPENDENT_FIELDS).toEqual(expect.arrayContaining(['hero_badge_enabled', 'hero_badge_label', 'theme_bg']));
    expect(readingGaps(state, ['hero_badge_enabled', 'site_title']).map((g) => [g.field, g.editorValue, g.publicValue])).toEqual([['hero_badge_enabled', true, false]]);
    expect(readingGaps({ ...state, pinned: ['hero_badge_enabled'] }, ['hero_badge_enabled'])).toEqual([]);
    const saved = normaliseSettings({ hero_badge_enabled: true }, 'public');
    expect(readingGaps({ ...state, publicReading: saved }, ['hero_badge_enabled'])).toEqual([]);
  });

  it('marks the gaps visitors would not see (issue 25): a fresh site’s near-identical page background, a badge label while the badge is off', () => {
    const state = { baseline: shown, publicReading: normaliseSettings({}, 'public'), pinned: [] };
    expect(readingGaps(state, ['theme_bg', 'hero_badge_enabled', 'hero_badge_label']).map((g) => [g.field, g.visible])).toEqual([
      ['theme_bg', false],
      ['hero_badge_enabled', true],
      ['hero_badge_label', false],
    ]);
    const badgeOn = normaliseSettings({ hero_badge_enabled: true }, 'public');
    expect(readingGaps({ ...state, publicReading: badgeOn }, ['hero_badge_label']).map((g) => g.visible)).toEqual([true]);
    const white = normaliseSettings({ theme_bg: '#FFFFFF' }, 'public');
    expect(readingGaps({ ...state, publicReading: white }, ['theme_bg']).map((g) => g.visible)).toEqual([true]);
  });

  it('pinned fields make the editor dirty until saved', () => {
    let state = editorReducer(initialEditorState('draft'), { type: 'loaded', stage: 'draft', settings: shown });
    expect(isDirty(state)).toBe(false);
    state = editorReducer(state, { type: 'pin', fields: ['theme_bg'] });
    expect(isDirty(state)).toBe(true);
    state = editorReducer(state, { type: 'saved', sent: state.current!, saved: shown });
    expect(isDirty(state)).toBe(false);
  });
});
