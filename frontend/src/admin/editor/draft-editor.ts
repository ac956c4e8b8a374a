/**
 * The editing state shared by General Settings and Page Configurations (SPEC §4): stage, the last
 * loaded or saved copy, local edits, the operation in flight, and which controls are enabled.
 * Pure: the hook (use-draft-editor.ts) performs the calls and dispatches what came back.
 */
import { SETTINGS_FIELD_NAMES, canonicalJson, contrastRatio, diffSettings, hasSettingsChanges, normaliseSettings, settingsDefaults, type SettingsRecord, type WritableSettingsField } from '@punchline/domain';
import { EDITOR_TEXTS } from './editor-texts';
import type { LockStatus } from './draft-lock';
import type { EditorStage } from './settings-api';

export type EditorOperation = 'saving' | 'pulling' | 'publishing' | 'restoring';

export interface EditorNotice {
  tone: 'error' | 'success';
  text: string;
}

export interface EditorState {
  stage: EditorStage;
  loading: boolean;
  loadError: string | null;
  /** The last loaded or saved copy: the dirty flag compares against it. */
  baseline: SettingsRecord | null;
  current: SettingsRecord | null;
  busy: EditorOperation | null;
  notice: EditorNotice | null;
  /**
   * The same stage as the public pages read it (draft: the preview; null until known). Unset fields
   * read differently there (SPEC §3: no badge, #050505), so the editor can say what the site shows.
   */
  publicReading: SettingsRecord | null;
  /** Fields the admin asked to save as shown although they equal what was loaded (see readingGaps). */
  pinned: WritableSettingsField[];
}

export function initialEditorState(stage: EditorStage): EditorState {
  return { stage, loading: true, loadError: null, baseline: null, current: null, busy: null, notice: null, publicReading: null, pinned: [] };
}

export type EditorAction =
  | { type: 'load-start'; stage: EditorStage }
  | { type: 'loaded'; stage: EditorStage; settings: SettingsRecord; notice?: EditorNotice }
  | { type: 'load-failed'; stage: EditorStage; message: string }
  | { type: 'edit'; patch: Partial<SettingsRecord> }
  | { type: 'busy'; operation: EditorOperation }
  /** `sent` is the record the save was made from: edits made while it was in flight stay local. */
  | { type: 'saved'; sent: SettingsRecord; saved: SettingsRecord; notice?: EditorNotice }
  | { type: 'failed'; message: string }
  | { type: 'done'; notice?: EditorNotice }
  | { type: 'stage'; stage: EditorStage }
  | { type: 'notice'; notice: EditorNotice | null }
  | { type: 'public-reading'; stage: EditorStage; settings: SettingsRecord | null }
  | { type: 'pin'; fields: WritableSettingsField[] };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load-start':
      return { ...state, stage: action.stage, loading: true, loadError: null };
    case 'loaded':
      return {
        ...state,
        stage: action.stage,
        loading: false,
        loadError: null,
        baseline: action.settings,
        current: action.settings,
        notice: action.notice ?? state.notice,
        publicReading: null,
        pinned: [],
      };
    case 'load-failed':
      return { ...state, stage: action.stage, loading: false, loadError: action.message, baseline: null, current: null };
    case 'edit':
      if (state.current === null) return state;
      return { ...state, current: { ...state.current, ...action.patch } };
    case 'busy':
      return { ...state, busy: action.operation, notice: null };
    case 'saved':
      return {
        ...state,
        busy: null,
        baseline: action.saved,
        current: state.current === action.sent ? action.saved : state.current,
        notice: action.notice ?? { tone: 'success', text: 'Draft saved.' },
        // Saved values are stored values: both readings now agree on them.
        publicReading: null,
        pinned: [],
      };
    case 'failed':
      return { ...state, busy: null, notice: { tone: 'error', text: action.message } };
    case 'done':
      return { ...state, busy: null, notice: action.notice ?? null };
    case 'stage':
      return { ...state, stage: action.stage };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'public-reading':
      return action.stage === state.stage ? { ...state, publicReading: action.settings } : state;
    case 'pin':
      return { ...state, pinned: [...new Set([...state.pinned, ...action.fields])] };
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }
}

/** SPEC §4: the dirty flag, true when the settings differ from the last loaded or saved copy (or fields wait to be saved as shown). */
export function isDirty(state: Pick<EditorState, 'baseline' | 'current'> & Partial<Pick<EditorState, 'pinned'>>): boolean {
  if (state.baseline === null || state.current === null) return false;
  return (state.pinned?.length ?? 0) > 0 || hasSettingsChanges(diffSettings(state.baseline, state.current));
}

/**
 * What a save sends (issue 12): only the fields the admin changed from what the editor showed,
 * plus the ones they asked to save as shown, each read as the editor reads it (blank texts take
 * their defaults, links and sizes normalised: SPEC §5). The server merges them into the draft, so
 * a field the admin never touched stays unset and keeps reading its default on every page.
 */
export function changesForSave(baseline: SettingsRecord, current: SettingsRecord, pinned: readonly WritableSettingsField[] = []): Partial<SettingsRecord> {
  const before = recordForSave(baseline) as Record<string, unknown>;
  const after = recordForSave(current) as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (pinned.includes(key as WritableSettingsField) || canonicalJson(before[key]) !== canonicalJson(after[key])) changes[key] = after[key];
  }
  return changes as Partial<SettingsRecord>;
}

/** The fields whose unset value SPEC §3 reads differently in the editor and on the public pages. */
export const READING_DEPENDENT_FIELDS: readonly WritableSettingsField[] = (() => {
  const publicDefaults = settingsDefaults('public') as unknown as Record<string, unknown>;
  const editorDefaults = settingsDefaults('editor') as unknown as Record<string, unknown>;
  return SETTINGS_FIELD_NAMES.filter((f): f is WritableSettingsField => f !== 'updated_at' && canonicalJson(publicDefaults[f]) !== canonicalJson(editorDefaults[f]));
})();

/** A field the editor shows one way while the public pages, reading the same stored draft, show another. */
export interface ReadingGap {
  field: WritableSettingsField;
  editorValue: unknown;
  publicValue: unknown;
  /**
   * Whether visitors would see the difference (issue 25): a badge label while the site shows no
   * badge, or two colours that read as the same (closer than 1.1:1), change nothing they see, so
   * the note leaves them out (they are still saved with 'Use these values on the site').
   */
  visible: boolean;
}

/** Colours closer than this read as one colour (#111111 and #050505 are 1.08:1). */
const SAME_COLOUR_RATIO = 1.1;

function visibleToVisitors(field: WritableSettingsField, editorValue: unknown, publicValue: unknown, publicReading: SettingsRecord): boolean {
  if (field === 'hero_badge_label') return publicReading.hero_badge_enabled === true;
  if (typeof editorValue === 'string' && typeof publicValue === 'string' && editorValue.startsWith('#') && publicValue.startsWith('#')) {
    const ratio = contrastRatio(editorValue, publicValue);
    return ratio === null || ratio >= SAME_COLOUR_RATIO;
  }
  return true;
}

/**
 * SPEC §3 lets the editor and the public pages read an unset field differently (badge on vs off,
 * #111111 vs #050505). Where that happens for the loaded draft, the editor says so, so the admin
 * knows what the site will show before saving (issue 12 point 2).
 */
export function readingGaps(state: Pick<EditorState, 'baseline' | 'publicReading' | 'pinned'>, fields: readonly WritableSettingsField[]): ReadingGap[] {
  const { baseline, publicReading } = state;
  if (baseline === null || publicReading === null) return [];
  return fields
    .filter((field) => !state.pinned.includes(field) && canonicalJson(baseline[field]) !== canonicalJson(publicReading[field]))
    .map((field) => ({ field, editorValue: baseline[field], publicValue: publicReading[field], visible: visibleToVisitors(field, baseline[field], publicReading[field], publicReading) }));
}

/**
 * What a save sends: the whole record (SPEC §7) read as the editor reads it, so blank texts take
 * their defaults, half-typed colours fall back, custom sizes and links are normalised (SPEC §5).
 */
export function recordForSave(current: SettingsRecord): Omit<SettingsRecord, 'updated_at'> {
  const { updated_at: _updatedAt, ...rest } = normaliseSettings(current, 'editor');
  return rest;
}

export interface EditorControlsInput {
  stage: EditorStage;
  lock: LockStatus;
  lockPending: boolean;
  dirty: boolean;
  busy: EditorOperation | null;
  /** Settings are loaded (not loading, no load error). */
  ready: boolean;
}

export interface EditorControls {
  canEdit: boolean;
  readOnlyBanner: string | null;
  canSave: boolean;
  canPull: boolean;
  canPublish: boolean;
  canAcquire: boolean;
  showRelease: boolean;
  canRestoreSnapshot: boolean;
}

/** Enablement exactly as SPEC §4 says, plus "nothing while settings are not loaded" and "one operation at a time". */
export function editorControls(input: EditorControlsInput): EditorControls {
  const { stage, lock, lockPending, dirty, busy, ready } = input;
  const lockedByOther = lock === 'other';
  const readOnlyBanner = stage !== 'draft' ? EDITOR_TEXTS.readOnlyLive : lockedByOther ? EDITOR_TEXTS.readOnlyLocked : null;
  return {
    // While the silent acquire is under way we do not yet know whether someone else holds the lock.
    canEdit: ready && stage === 'draft' && (lock === 'mine' || lock === 'none'),
    readOnlyBanner,
    canSave: ready && stage === 'draft' && dirty && busy === null && !lockedByOther,
    canPull: lock !== 'loading' && !lockedByOther && busy === null,
    canPublish: lock !== 'loading' && !lockedByOther && busy === null,
    // Issue 12 point 4: while another editor holds it, Acquire could only fail; the editor takes the lock itself once it is freed.
    canAcquire: stage === 'draft' && !lockPending && !lockedByOther,
    showRelease: lock === 'mine',
    canRestoreSnapshot: !lockedByOther && busy === null,
  };
}

/** SPEC §4: the draft saved before an automatic logout is one that could be saved now, by the lock holder. */
export function canAutoSave(input: { canSave: boolean; lock: LockStatus }): boolean {
  return input.canSave && input.lock === 'mine';
}

/** Per-page theme overrides (SPEC §4): draft stage, not locked by another, and the global theme off. */
export function pageThemeEnabled(controls: Pick<EditorControls, 'canEdit'>, settings: Pick<SettingsRecord, 'theme_use_global'> | null): boolean {
  return controls.canEdit && settings !== null && !settings.theme_use_global;
}

/**
 * SPEC §4 publish sequence, first step: in the draft stage, owning the lock, with local changes or
 * a draft never saved ("empty"), save before publishing.
 */
export function shouldSaveBeforePublish(input: { stage: EditorStage; lock: LockStatus; dirty: boolean; draftEmpty: boolean }): boolean {
  return input.stage === 'draft' && input.lock === 'mine' && (input.dirty || input.draftEmpty);
}

/**
 * What the publish dialog publishes: the current draft (saved first when dirty) or one draft
 * snapshot. The current draft is always offered first (issue 12), so publishing never skips the
 * edits the dialog promised to save.
 */
export type PublishChoice = { kind: 'current' } | { kind: 'snapshot'; id: string; name: string };

export const CURRENT_DRAFT: PublishChoice = { kind: 'current' };

/** The radio of the current draft; the editor's own unsaved edits are named so nobody mistakes them for a snapshot. */
export function currentDraftOptionLabel(withUnsavedChanges: boolean): string {
  return withUnsavedChanges ? 'The current draft (with your unsaved changes)' : 'The current draft';
}

export function publishReviewLabel(choice: PublishChoice | null): string {
  // Nothing chosen (the chosen snapshot was deleted elsewhere): SPEC's words, as the box's error has them.
  return choice?.kind === 'current' ? 'I have reviewed the current draft.' : 'I have reviewed the selected draft snapshot.';
}

/** The success notice names what went live, so a wrong pick is noticed at once. */
export function publishedNoticeText(choice: PublishChoice): string {
  return choice.kind === 'snapshot' ? `Published snapshot '${choice.name}' to live.` : 'Published the current draft to live.';
}

/** The controls of the publish dialog that can stop a publish (SPEC §5), in the dialog's order. */
export type PublishProblem = 'choice' | 'review';

/**
 * SPEC §5: what stops publishing `choice`; empty when it may be published. A snapshot that is no
 * longer listed (deleted meanwhile) counts as no selection.
 */
export function publishChoiceProblems(input: { choice: PublishChoice | null; snapshotIds: readonly string[]; reviewed: boolean }): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const { choice } = input;
  if (choice === null || (choice.kind === 'snapshot' && !input.snapshotIds.includes(choice.id))) problems.push('choice');
  if (!input.reviewed) problems.push('review');
  return problems;
}

/**
 * A problem's SPEC §5 text, worded for the choice as it is now: the review box's label changes with
 * the choice, and its error must say the same thing.
 */
export function publishProblemText(problem: PublishProblem, choice: PublishChoice | null, snapshotsListed = true): string {
  // SPEC's text is for a list of snapshots; with none left (the chosen one deleted elsewhere) only the current draft remains.
  if (problem === 'choice') return snapshotsListed ? EDITOR_TEXTS.selectSnapshot : EDITOR_TEXTS.chooseWhatToPublish;
  return choice?.kind === 'current' ? EDITOR_TEXTS.confirmReviewedDraft : EDITOR_TEXTS.confirmReviewed;
}
