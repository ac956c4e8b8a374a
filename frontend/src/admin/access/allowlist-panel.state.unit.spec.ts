import { type AllowlistPanelAction, type AllowlistPanelState, allowedCount, allowlistFrom, allowlistPanelReducer, initialAllowlistPanel, isAllowlistDirty } from './allowlist-panel.state';

const run = (...actions: AllowlistPanelAction[]): AllowlistPanelState => actions.reduce(allowlistPanelReducer, initialAllowlistPanel);
const loaded: AllowlistPanelAction = { type: 'loaded', editable: ['ann@example.com'], env: ['boss@example.com'] };

describe('Admin Access panel', () => {
  it('adds a trimmed, lower-cased entry and clears the input', () => {
    const state = run(loaded, { type: 'input', value: '  Bob@Example.com ' }, { type: 'add' });
    expect(state.editable).toEqual(['ann@example.com', 'bob@example.com']);
    expect(state.input).toBe('');
    expect(isAllowlistDirty(state)).toBe(true);
    expect(allowedCount(state)).toBe(3);
  });

  it('refuses an entry without @ and one already allowed, with the SPEC §5 texts', () => {
    expect(run(loaded, { type: 'input', value: 'bob' }, { type: 'add' }).error).toBe('Enter a valid email address (bob).');
    expect(run(loaded, { type: 'input', value: 'ANN@example.com' }, { type: 'add' }).error).toBe('That email address is already allowed.');
    expect(run(loaded, { type: 'input', value: 'boss@example.com' }, { type: 'add' }).error).toBe('That email address is already allowed.');
  });

  it('removes and resets locally', () => {
    const removed = run(loaded, { type: 'remove', email: 'ann@example.com' });
    expect(removed.editable).toEqual([]);
    expect(isAllowlistDirty(removed)).toBe(true);
    const reset = allowlistPanelReducer(removed, { type: 'reset' });
    expect(reset.editable).toEqual(['ann@example.com']);
    expect(isAllowlistDirty(reset)).toBe(false);
  });

  it('after a save shows the lists the server returned and the success text', () => {
    const state = run(loaded, { type: 'remove', email: 'ann@example.com' }, { type: 'save-started' }, { type: 'saved', editable: ['cat@example.com'], env: ['boss@example.com'] });
    expect(state.editable).toEqual(['cat@example.com']);
    expect(state.success).toBe('Allowlist updated successfully.');
    expect(isAllowlistDirty(state)).toBe(false);
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
    expect(allowlistFrom({ editable: ['a@b.c'], env: [] })).toEqual({ editable: ['a@b.c'], env: [] });
    expect(allowlistFrom({ editable: 'a@b.c', env: [] })).toBeNull();
    expect(allowlistFrom(null)).toBeNull();
  });
});
