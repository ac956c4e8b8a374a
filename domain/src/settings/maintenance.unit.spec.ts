import { isMaintenanceActive, isTimezoneName, normaliseTimeOfDay, parseTimeOfDay } from './maintenance';

const schedule = (start: string, end: string, extra: Partial<{ maintenance_enabled: boolean; maintenance_schedule_enabled: boolean }> = {}) => ({
  maintenance_enabled: false,
  maintenance_schedule_enabled: true,
  maintenance_daily_start: start,
  maintenance_daily_end: end,
  ...extra,
});
const at = (hours: number, minutes = 0) => ({ hours, minutes });

describe('isMaintenanceActive', () => {
  it('is on whenever the manual flag is set, schedule or not', () => {
    expect(isMaintenanceActive(schedule('', '', { maintenance_enabled: true, maintenance_schedule_enabled: false }), at(12))).toBe(true);
  });

  it('is off when the schedule is disabled, even inside the window', () => {
    expect(isMaintenanceActive(schedule('01:00', '03:00', { maintenance_schedule_enabled: false }), at(2))).toBe(false);
  });

  it('covers [start, end) within a day', () => {
    const s = schedule('01:00', '03:00');
    expect(isMaintenanceActive(s, at(0, 59))).toBe(false);
    expect(isMaintenanceActive(s, at(1, 0))).toBe(true);
    expect(isMaintenanceActive(s, at(2, 59))).toBe(true);
    expect(isMaintenanceActive(s, at(3, 0))).toBe(false);
  });

  it('supports a window across midnight', () => {
    const s = schedule('23:30', '01:15');
    expect(isMaintenanceActive(s, at(23, 29))).toBe(false);
    expect(isMaintenanceActive(s, at(23, 30))).toBe(true);
    expect(isMaintenanceActive(s, at(0, 0))).toBe(true);
    expect(isMaintenanceActive(s, at(1, 14))).toBe(true);
    expect(isMaintenanceActive(s, at(1, 15))).toBe(false);
    expect(isMaintenanceActive(s, at(12))).toBe(false);
  });

  it('treats start equal to end as never', () => {
    const s = schedule('02:00', '02:00');
    for (const h of [0, 2, 12, 23]) expect(isMaintenanceActive(s, at(h))).toBe(false);
  });

  it.each([
    ['', '03:00'],
    ['01:00', ''],
    ['1am', '3am'],
    ['24:00', '03:00'],
    ['01:60', '03:00'],
    ['0100', '0300'],
  ])('is off when a time is unparseable (%j–%j)', (start, end) => {
    expect(isMaintenanceActive(schedule(start, end), at(2))).toBe(false);
  });

  it('reads a Date in UTC, whatever the stored time zone', () => {
    const s = { ...schedule('01:00', '03:00'), maintenance_timezone: 'America/Chicago' };
    expect(isMaintenanceActive(s, new Date('2025-04-01T02:00:00Z'))).toBe(true);
    expect(isMaintenanceActive(s, new Date('2025-04-01T02:00:00-05:00'))).toBe(false);
  });

  it('is off for a time of day that is not a number', () => {
    expect(isMaintenanceActive(schedule('01:00', '03:00'), { hours: Number.NaN, minutes: 0 })).toBe(false);
  });
});

describe('times of day', () => {
  it('parses H:MM and HH:MM', () => {
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('9:05')).toBe(545);
    expect(parseTimeOfDay(' 23:59 ')).toBe(1439);
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay(930)).toBeNull();
  });
  it('normalises to HH:MM or empty', () => {
    expect(normaliseTimeOfDay('9:05')).toBe('09:05');
    expect(normaliseTimeOfDay('nope')).toBe('');
  });
});

describe('isTimezoneName', () => {
  it.each([['America/Chicago'], ['UTC'], ['Etc/GMT+6'], ['America/Argentina/Buenos_Aires']])('accepts %s', (tz) => {
    expect(isTimezoneName(tz)).toBe(true);
  });
  it.each([[''], ['America/'], ['Chicago; drop'], ['../etc'], [42]])('refuses %j', (tz) => {
    expect(isTimezoneName(tz)).toBe(false);
  });
});
