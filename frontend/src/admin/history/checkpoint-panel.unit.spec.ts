import { checkSentence } from './checkpoint-panel';

describe("Site history's check against a checkpoint (DESIGN §15)", () => {
  it('says that the log extends the checkpoint, with its date when known', () => {
    expect(checkSentence({ verdict: 'extends', size: 5, current_size: 9, checkpoint_date: null, message: '' })).toBe('This log extends the checkpoint of 5 events (9 now).');
    expect(checkSentence({ verdict: 'extends', size: 5, current_size: 9, checkpoint_date: '2026-11-01T10:00:00.000Z', message: '' })).toMatch(/^This log extends the checkpoint of .*2026.* \(5 events then, 9 now\)\.$/);
  });

  it('names a cut log and a rewritten one with the first point that differs, or says where to look', () => {
    expect(checkSentence({ verdict: 'truncated', size: 9, current_size: 6, first_difference: 7, message: '' })).toBe('The log was cut short: it has 6 events, the checkpoint had 9. The first missing event is point 7.');
    expect(checkSentence({ verdict: 'rewritten', size: 9, current_size: 9, first_difference: 4, message: '' })).toMatch(/first event that differs is point 4\.$/);
    expect(checkSentence({ verdict: 'rewritten', size: 9, current_size: 9, first_difference: null, message: '' })).toMatch(/Check an earlier export/);
  });
});
