import { ALLOWLIST_TEXTS, allowlistEntryProblem, auditorEntryProblem } from '@punchline/domain';
import { type EmailListPanelAction, type EmailListPanelState, allowedCount, emailListPanelReducer, emailListsFrom, initialEmailListPanel, isEmailListDirty } from './email-list-panel.state';

const run = (...actions: EmailListPanelAction[]): EmailListPanelState => actions.reduce(emailListPanelReducer, initialEmailListPanel);
const loaded: EmailListPanelAction = { type: 'loaded', lists: { editable: ['ann@example.com'], env: ['boss@example.com'] } };
const add: EmailListPanelAction = { type: 'add', problem: allowlistEntryProblem };

describe('Admin Access panel', () => {
  it('adds a trimmed, lower-cased entry and clears the input', () => {
    const state = run(loaded, { type: 'input', value: '  Bob@Example.com ' }, add);
    expect(state.editable).toEqual(['ann@example.com', 'bob@example.com']);
    expect(state.input).toBe('');
    expect(isEmailListDirty(state)).toBe(true);
    expect(allowedCount(state)).toBe(3);
  });

  it('refuses an entry without @ and one already allowed, with the SPEC §5 texts', () => {
    expect(run(loaded, { type: 'input', value: 'bob' }, add).error).toBe('Enter a valid email address (bob).');
    expect(run(loaded, { type: 'input', value: 'ANN@example.com' }, add).error).toBe('That email address is already allowed.');
    expect(run(loaded, { type: 'input', value: 'boss@example.com' }, add).error).toBe('That email address is already allowed.');
  });

  it('removes and resets locally', () => {
    const removed = run(loaded, { type: 'remove', email: 'ann@example.com' });
    expect(removed.editable).toEqual([]);
    expect(isEmailListDirty(removed)).toBe(true);
    const reset = emailListPanelReducer(removed, { type: 'reset' });
    expect(reset.editable).toEqual(['ann@example.com']);
    expect(isEmailListDirty(reset)).toBe(false);
  });

  it('after a save shows the lists the server returned and the success text', () => {
    const state = run(
      loaded,
      { type: 'remove', email: 'ann@example.com' },
      { type: 'save-started' },
      { type: 'saved', lists: { editable: ['cat@example.com'], env: ['boss@example.com'] }, success: ALLOWLIST_TEXTS.saved },
    );
    expect(state.editable).toEqual(['cat@example.com']);
    expect(state.success).toBe('Allowlist updated successfully.');
    expect(isEmailListDirty(state)).toBe(false);
  });

  it('keeps local edits when a save fails, and empties the lists when loading fails', () => {
    const failed = run(loaded, { type: 'remove', email: 'ann@example.com' }, { type: 'save-started' }, { type: 'save-failed', error: 'Failed to save changes.' });
    expect(failed.editable).toEqual([]);
    expect(failed.error).toBe('Failed to save changes.');
    const loadFailed = run(loaded, { type: 'load-started' }, { type: 'load-failed', error: 'Failed to load allowlist' });
    expect(loadFailed.phase).toBe('load-error');
    expect(loadFailed.editable).toEqual([]);
    expect(loadFailed.saved.env).toEqual([]);
  });

  it('reads only a well-formed {editable, env}', () => {
    expect(emailListsFrom({ editable: ['a@b.c'], env: [] })).toEqual({ editable: ['a@b.c'], env: [] });
    expect(emailListsFrom({ editable: 'a@b.c', env: [] })).toBeNull();
    expect(emailListsFrom(null)).toBeNull();
  });
});

describe('Auditors panel', () => {
  it('refuses with the list’s own texts: the check comes with the action', () => {
    const add: EmailListPanelAction = { type: 'add', problem: auditorEntryProblem };
    expect(run(loaded, { type: 'input', value: 'boss@example.com' }, add).error).toBe('That email address is already an auditor.');
    expect(run(loaded, { type: 'input', value: 'bob@' }, add).error).toBe('Enter a valid email address (bob@).');
    expect(run(loaded, { type: 'input', value: ' Dee@Example.com' }, add).editable).toEqual(['ann@example.com', 'dee@example.com']);
  });
});
