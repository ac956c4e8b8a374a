import { actionLabel, lockHoldingSummary, searchableWords, summarizeEvent, withLocalTimes } from './event-summary';

describe('summarizeEvent: one sentence per event', () => {
  it('names the fields a save changed, in the screens’ words, and says when nothing changed', () => {
    expect(summarizeEvent('DraftSaved', { changes: { hero_title: 'A', events_upcoming: [] } })).toBe('Saved the draft: Hero title, Upcoming events');
    expect(summarizeEvent('DraftSaved', { changes: {} })).toBe('Saved the draft (nothing changed)');
    expect(summarizeEvent('DraftPulledFromLive', { changes: {} })).toBe('Replaced the draft with live (it already matched live)');
  });

  it('tells publishes, schedules and rollbacks apart', () => {
    expect(summarizeEvent('Published', { snapshotId: 's', snapshotLabel: 'Spring season', changes: {} })).toBe("Published snapshot 'Spring season' to live");
    expect(summarizeEvent('Published', { snapshotId: null, changes: {} })).toBe('Published the current draft to live');
    expect(summarizeEvent('Published', { snapshotId: 's', snapshotLabel: null, schedule: { lateBySeconds: 3 } })).toBe('Published snapshot without a label to live as scheduled (3 s late)');
    expect(summarizeEvent('LiveRolledBack', { toOccurredAt: '2025-05-12T21:04:33.000Z', changes: { site_title: 'Old' } })).toBe(
      'Rolled live back to the publish of 2025-05-12 21:04 UTC: Site title',
    );
    expect(summarizeEvent('PublishScheduled', { snapshotLabel: 'Spring', at: '2031-06-12T16:00:00.000Z' })).toBe("Scheduled snapshot 'Spring' to go live at 2031-06-12 16:00 UTC");
  });

  it('reads the other features too, and falls back to the type', () => {
    expect(summarizeEvent('MediaRenamed', { fromName: 'a.jpg', toName: 'b.jpg' })).toBe('Renamed a.jpg to b.jpg');
    expect(summarizeEvent('AllowlistChanged', { added: ['x@y.z'], removed: [] })).toBe('Changed the admin allowlist: added x@y.z');
    expect(summarizeEvent('SomethingNew', {})).toBe('SomethingNew');
  });

  it('says how often a refused sign-in was repeated within its window (issue 24)', () => {
    expect(summarizeEvent('AdminSignInDenied', { email: 'm@x.org', reason: 'not_allowlisted' })).toBe('Sign-in refused: m@x.org is not an admin');
    expect(summarizeEvent('AdminSignInDenied', { email: 'm@x.org', reason: 'not_allowlisted', repeated: { count: 299, windowMinutes: 10 } })).toBe(
      'Sign-in refused 299 more times within 10 minutes: m@x.org is not an admin',
    );
    expect(summarizeEvent('AdminSignInDenied', { email: null, reason: 'email_missing', repeated: { count: 1, windowMinutes: 10 } })).toBe(
      'Sign-in refused 1 more time within 10 minutes: no verified email',
    );
  });

  it('names actions in words, a newer event type split into words (issue 25)', () => {
    expect(actionLabel('LockRefreshed')).toBe('Draft lock renewed');
    expect(actionLabel('MediaImageVariantsAdded')).toBe('More image sizes made');
    expect(actionLabel('CheckpointSigned')).toBe('Checkpoint signed');
    expect(summarizeEvent('MediaImageVariantsAdded', { path: 'shows/poster.jpg' })).toBe('Made the remaining sizes (JPEG/PNG and AVIF) of poster.jpg');
  });

  it('writes a summary’s instants through the given clock, a holding as one sentence', () => {
    expect(summarizeEvent('PublishScheduled', { snapshotLabel: 'S', at: '2031-06-12T16:00:00.000Z' }, { time: () => 'local noon' })).toBe("Scheduled snapshot 'S' to go live at local noon");
    const holding = { from: '2026-11-26T23:19:00.000Z', to: '2026-11-26T23:45:00.000Z', renewals: 14, end: 'released' as const };
    expect(lockHoldingSummary(holding)).toBe('Held the draft lock 2026-11-26 23:19 UTC–2026-11-26 23:45 UTC, 14 renewals');
    expect(lockHoldingSummary({ ...holding, end: 'held', renewals: 1 }, (iso) => iso.slice(11, 16))).toBe('Holding the draft lock since 23:19, 1 renewal');
  });

  it('gives the search every word an admin reads for the entry', () => {
    expect(searchableWords('DraftSaved', { changes: { hero_title: 'x' } })).toBe('Draft saved · Saved the draft: Hero title · Hero title');
  });
});

describe('withLocalTimes: a server sentence in the reader’s clock', () => {
  it('passes every UTC instant the summary wrote through the clock, and nothing else', () => {
    const server = summarizeEvent('LiveRolledBack', { toOccurredAt: '2026-12-06T04:07:31.000Z', changes: { site_title: 'A' } });
    expect(server).toBe('Rolled live back to the publish of 2026-12-06 04:07 UTC: Site title');
    expect(withLocalTimes(server, (iso) => `<${iso}>`)).toBe('Rolled live back to the publish of <2026-12-06T04:07:00.000Z>: Site title');
    // Both instants of one sentence; a date without its 'UTC' is not an instant the summary wrote.
    expect(withLocalTimes('from 2026-01-02 03:04 UTC to 2026-01-02 05:06 UTC', () => 'T')).toBe('from T to T');
    expect(withLocalTimes("Saved snapshot '2026-01-02 03:04'", () => 'T')).toBe("Saved snapshot '2026-01-02 03:04'");
    // The same clock the screen applies to an event's data gives the same words.
    const clock = (iso: unknown) => `at ${String(iso).slice(0, 16)}`;
    expect(withLocalTimes(server, clock)).toBe(summarizeEvent('LiveRolledBack', { toOccurredAt: '2026-12-06T04:07:00.000Z', changes: { site_title: 'A' } }, { time: clock }));
  });
});
