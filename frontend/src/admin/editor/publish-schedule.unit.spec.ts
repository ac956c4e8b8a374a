import { EDITOR_TEXTS } from './editor-texts';
import { instantFromLocalInput, localInputValue, nextFullHour, scheduleTimeError, scheduledNoticeText, utcText } from './publish-schedule';

describe('scheduled publishing in the Publish dialog', () => {
  it('reads a datetime-local value in the browser zone and shows the stored instant in UTC', () => {
    const iso = instantFromLocalInput('2031-06-12T18:00');
    expect(iso).toBe(new Date(2031, 5, 12, 18, 0).toISOString());
    expect(utcText('2031-06-12T16:00:00.000Z')).toBe('2031-06-12 16:00 UTC');
    expect(instantFromLocalInput('')).toBeNull();
    expect(instantFromLocalInput('12/06/2031 18:00')).toBeNull();
  });

  it('offers the next full hour as a first value, in the input format', () => {
    const start = nextFullHour(new Date(2031, 5, 12, 17, 25, 10));
    expect(localInputValue(start)).toBe('2031-06-12T18:00');
  });

  it('asks for a time, and for one in the future', () => {
    const now = new Date(2031, 5, 12, 17, 0);
    expect(scheduleTimeError({ kind: 'now' }, now)).toBeNull();
    expect(scheduleTimeError({ kind: 'scheduled', local: '' }, now)).toBe(EDITOR_TEXTS.scheduleTimeRequired);
    expect(scheduleTimeError({ kind: 'scheduled', local: '2031-06-12T16:59' }, now)).toBe(EDITOR_TEXTS.scheduleTimeInPast);
    expect(scheduleTimeError({ kind: 'scheduled', local: '2031-06-12T17:01' }, now)).toBeNull();
  });

  it('names what will go live and when', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const text = scheduledNoticeText({ kind: 'snapshot', id: 's', name: 'Spring' }, '2031-06-12T16:00:00.000Z');
    expect(text).toMatch(/^Scheduled snapshot 'Spring' to go live on .+ 2031, .+\)\.$/);
    // Issue 25: the moment once, with its zone once.
    expect(text.split(zone)).toHaveLength(2);
    expect(text).not.toMatch(/UTC\)?.*UTC/);
    expect(scheduledNoticeText({ kind: 'current' }, '2031-06-12T16:00:00.000Z')).toMatch(/^Scheduled the current draft \(saved as a snapshot\) to go live on /);
  });
});
