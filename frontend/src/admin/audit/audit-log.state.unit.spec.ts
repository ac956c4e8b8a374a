import {
  historyStageOf, auditFrom, auditPath, initialAuditFilters, metaDetail, metaHasMore, optionsWith } from './audit-log.state';

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
  it('offers the whole meta of an object or a long or multi-line string', () => {
    expect(metaHasMore({ message: 'x'.repeat(500) })).toBe(true);
    expect(metaHasMore('x'.repeat(141))).toBe(true);
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
