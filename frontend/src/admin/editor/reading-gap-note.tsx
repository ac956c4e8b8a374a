/**
 * Issue 12 point 2: a field never saved reads one way here and another on the public site (SPEC §3:
 * the badge is on in the editor and off on the site; the page background #111111 here, #050505
 * there). Saving no longer writes such defaults behind the admin's back, so this note says what
 * the site shows instead, and offers to save the editor's values on purpose. Only where visitors
 * would see the difference (issue 25): a fresh site does not greet the admin with notes about
 * values that look the same on the site.
 */
import type { WritableSettingsField } from '@punchline/domain';
import { readingGaps } from './draft-editor';
import { useEditor } from './editor-context';
import { SETTINGS_FIELD_LABELS, scalarText } from './publish-changes';

export function ReadingGapNote({ fields }: { fields: readonly WritableSettingsField[] }) {
  const { editor, controls } = useEditor();
  const gaps = editor.state.stage === 'draft' ? readingGaps(editor.state, fields) : [];
  // Issue 25: only differences visitors would see are named; pinning takes every gap of the note,
  // so turning the badge on also saves the label the editor shows with it.
  const visible = gaps.filter((gap) => gap.visible);
  const pinned = fields.filter((f) => editor.state.pinned.includes(f));
  if (visible.length === 0 && pinned.length === 0) return null;
  if (visible.length === 0) {
    return (
      <p className="kit-message kit-message--info ed-reading-gap" role="status">
        {pinned.map((f) => SETTINGS_FIELD_LABELS[f]).join(', ')}: will be saved as shown here with your next Save Draft.
      </p>
    );
  }
  return (
    <div className="kit-message kit-message--info ed-reading-gap">
      <p>
        Not saved yet, so the public site shows{' '}
        {visible.map((gap, i) => (
          <span key={gap.field}>
            {i > 0 ? (i === visible.length - 1 ? ' and ' : ', ') : ''}
            {SETTINGS_FIELD_LABELS[gap.field]} <strong>{scalarText(gap.publicValue) ?? 'differently'}</strong>
          </span>
        ))}{' '}
        instead of what you see here.
      </p>
      {controls.canEdit ? (
        <button type="button" className="kit-button kit-button--small" onClick={() => editor.pin(gaps.map((g) => g.field))}>
          Use these values on the site
        </button>
      ) : null}
    </div>
  );
}
