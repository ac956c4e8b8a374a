import { inactivityPhase, sharedLastActivity } from './inactivity';

const minute = 60_000;

describe('inactivity (SPEC §4)', () => {
  it('stays active until the timeout has passed without activity', () => {
    expect(inactivityPhase(29 * minute, 0, 30 * minute)).toEqual({ phase: 'active' });
    expect(inactivityPhase(30 * minute - 1, 0, 30 * minute)).toEqual({ phase: 'active' });
  });

  it('then counts 60 seconds down', () => {
    expect(inactivityPhase(30 * minute, 0, 30 * minute)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(inactivityPhase(30 * minute + 500, 0, 30 * minute)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(inactivityPhase(30 * minute + 59_001, 0, 30 * minute)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('expires at zero', () => {
    expect(inactivityPhase(31 * minute, 0, 30 * minute)).toEqual({ phase: 'expired' });
    expect(inactivityPhase(90 * minute, 0, 30 * minute)).toEqual({ phase: 'expired' });
  });

  it('counts activity in another tab', () => {
    expect(sharedLastActivity('5000', 1000)).toBe(5000);
    expect(sharedLastActivity('500', 1000)).toBe(1000);
    expect(sharedLastActivity(null, 1000)).toBe(1000);
    expect(sharedLastActivity('garbage', 1000)).toBe(1000);
  });
});
