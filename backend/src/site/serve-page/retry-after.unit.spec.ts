import { MANUAL_MAINTENANCE_RETRY_SECONDS, maintenanceRetryAfterSeconds } from './retry-after';

const schedule = (start: string, end: string) => ({
  maintenance_enabled: false,
  maintenance_schedule_enabled: true,
  maintenance_daily_start: start,
  maintenance_daily_end: end,
});

describe('maintenanceRetryAfterSeconds', () => {
  it('asks for five minutes when maintenance is switched on by hand', () => {
    expect(maintenanceRetryAfterSeconds({ ...schedule('01:00', '03:00'), maintenance_enabled: true }, new Date('2025-01-01T02:00:00Z'))).toBe(
      MANUAL_MAINTENANCE_RETRY_SECONDS,
    );
  });

  it('counts down to the end of the daily window (UTC)', () => {
    expect(maintenanceRetryAfterSeconds(schedule('01:00', '03:00'), new Date('2025-01-01T02:00:00Z'))).toBe(3600);
    expect(maintenanceRetryAfterSeconds(schedule('01:00', '03:00'), new Date('2025-01-01T02:59:30Z'))).toBe(60);
  });

  it('crosses midnight', () => {
    expect(maintenanceRetryAfterSeconds(schedule('23:00', '01:00'), new Date('2025-01-01T23:30:00Z'))).toBe(5400);
  });
});
