import {
  historyStageOf, auditFrom, auditPath, auditReducer, initialAuditFilters, initialAuditState, metaDetail, metaHasMore, metaSummary, optionsWith } from './audit-log.state';

describe('auditPath', () => {
  it('asks for 100 newest by default (SPEC §7, §9)', () => {
    expect(auditPath(initialAuditFilters)).toBe('/api/admin/audit?limit=100');
  });

  it('sends actor, action, the trimmed search and direction=asc', () => {
    expect(auditPath({ actor: 'a+b@example.com', action: 'DraftSaved', q: ' hero title ', limit: 25, direction: 'asc', contentOnly: false })).toBe(
      '/api/admin/audit?limit=25&actor=a%2Bb%40example.com&action=DraftSaved&q=hero+title&direction=asc',
    );
  });

  it('asks for content changes only when the box is ticked (issue 10)', () => {
    expect(auditPath({ ...initialAuditFilters, contentOnly: true })).toBe('/api/admin/audit?limit=100&content=1');
  });

  it('knows which entries have a before → after in history', () => {
    expect(historyStageOf({ action: 'Published', meta: {} })).toBe('live');
    expect(historyStageOf({ action: 'DraftSaved', meta: {} })).toBe('draft');
    expect(historyStageOf({ action: 'MediaReferencesRewritten', meta: { stage: 'live' } })).toBe('live');
    expect(historyStageOf({ action: 'AdminSignedIn', meta: {} })).toBeNull();
  });
});

describe('auditReducer', () => {
  const loaded = auditReducer(initialAuditState, { type: 'loaded', items: [{ id: '1', occurred_at: 't', actor_email: null, action: 'X', meta: {} }], actors: ['a@x.example'], actions: ['X'], searchedNewest: null });

  it('empties entries and both filter lists on a failed load (SPEC §8)', () => {
    expect(auditReducer(loaded, { type: 'load-failed', error: 'Failed to load audit log' })).toEqual({
      phase: 'error',
      items: [],
      actors: [],
      actions: [],
      searchedNewest: null,
      error: 'Failed to load audit log',
    });
  });

  it('keeps the rows while the next filter loads', () => {
    expect(auditReducer(loaded, { type: 'load-started' })).toMatchObject({ phase: 'loading', items: loaded.items, actors: ['a@x.example'] });
  });
});

describe('auditFrom', () => {
  it('reads {items, actors, actions} and refuses anything else', () => {
    expect(auditFrom({ items: [], actors: ['a'], actions: ['b'] })).toEqual({ items: [], actors: ['a'], actions: ['b'], searchedNewest: null });
    // A search that could not use the index says how far back it looked.
    expect(auditFrom({ items: [], actors: [], actions: [], searched_newest: 20000 })?.searchedNewest).toBe(20000);
    expect(auditFrom({ items: [], actors: [1], actions: [] })).toBeNull();
    expect(auditFrom({ items: {}, actors: [], actions: [] })).toBeNull();
    expect(auditFrom('nope')).toBeNull();
  });
});

describe('meta', () => {
  it('summarises an object on one line and a string as it is', () => {
    expect(metaSummary({ messageId: 'm1', responded: true, respondedBy: null })).toBe('messageId: m1 · responded: true · respondedBy: null');
    expect(metaSummary({ changes: { site_title: 'Hi' } })).toBe('changes: {"site_title":"Hi"}');
    expect(metaSummary('Signed in\nwith Google')).toBe('Signed in with Google');
    expect(metaSummary(null)).toBe('');
  });

  it('cuts long summaries and offers the whole meta', () => {
    const long = { message: 'x'.repeat(500) };
    expect([...metaSummary(long)]).toHaveLength(140);
    expect(metaSummary(long).endsWith('…')).toBe(true);
    expect(metaHasMore(long)).toBe(true);
    expect(metaHasMore({ changes: { a: 1 } })).toBe(true);
    expect(metaHasMore({ a: 1 })).toBe(true);
    expect(metaHasMore({})).toBe(false);
    expect(metaHasMore('short')).toBe(false);
    expect(metaHasMore('two\nlines')).toBe(true);
    expect(metaDetail({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(metaDetail('text')).toBe('text');
  });
});

describe('optionsWith', () => {
  it('keeps the chosen value listed even when the server list no longer has it', () => {
    expect(optionsWith(['a', 'b'], 'c')).toEqual(['c', 'a', 'b']);
    expect(optionsWith(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(optionsWith([], '')).toEqual([]);
  });
});
