import {
  historyLinkText, historyStageOf, auditFrom, auditPath, initialAuditFilters, localSummary, metaDetail, optionsWith } from './audit-log.state';

describe('auditPath', () => {
  it('asks for 100 newest by default (SPEC §7, §9)', () => {
    expect(auditPath(initialAuditFilters)).toBe('/api/admin/audit?limit=100');
  });

  it('sends actor, action, the trimmed search and direction=asc', () => {
    expect(auditPath({ actor: 'a+b@example.com', action: 'DraftSaved', q: ' hero title ', limit: 25, direction: 'asc', contentOnly: false, eachLockEvent: false })).toBe(
      '/api/admin/audit?limit=25&actor=a%2Bb%40example.com&action=DraftSaved&q=hero+title&direction=asc',
    );
  });

  it('asks for content changes only when the box is ticked (issue 10)', () => {
    expect(auditPath({ ...initialAuditFilters, contentOnly: true })).toBe('/api/admin/audit?limit=100&content=1');
  });

  it('asks for every lock event when the box is ticked, one entry per holding otherwise (issue 25)', () => {
    expect(auditPath({ ...initialAuditFilters, eachLockEvent: true })).toBe('/api/admin/audit?limit=100&locks=each');
  });

  it('writes the entry with local times (issue 25)', () => {
    const holding = { from: '2026-11-26T23:19:05.000Z', to: '2026-11-26T23:45:10.000Z', renewals: 14, end: 'released' as const };
    const local = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(localSummary({ action: 'LockAcquired', meta: {}, summary: '', lock_holding: holding }, 'en-GB')).toBe(`Held the draft lock ${local(holding.from)}–${local(holding.to)}, 14 renewals`);
    const rollback = localSummary({ action: 'LiveRolledBack', meta: { toOccurredAt: '2025-05-12T21:04:33.000Z', changes: { site_title: 'x' } }, summary: '' }, 'en-GB');
    expect(rollback).toBe(`Rolled live back to the publish of ${new Date('2025-05-12T21:04:33.000Z').toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}: Site title`);
    expect(rollback).not.toContain('UTC');
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
  it('shows the whole record, indented, behind Details', () => {
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

describe('the link to Site history (DESIGN §15)', () => {
  it('promises a rollback to admins only', () => {
    expect(historyLinkText(false)).toBe('Site history: compare, view the site as it was, roll back');
    expect(historyLinkText(true)).toBe('Site history: compare and view the site as it was');
  });
});
