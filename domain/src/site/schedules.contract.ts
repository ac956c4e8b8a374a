/**
 * The HTTP shapes of scheduled publishing (issue 14), shared by server and screens:
 *   POST   /api/settings/schedule {at, snapshotId?}  → 201 {schedule}
 *   GET    /api/settings/schedules                   → {schedules}
 *   DELETE /api/settings/schedules/{id}              → {schedule} (the cancelled one)
 * Without snapshotId the current draft is snapshotted first and that snapshot is scheduled.
 */
import type { PendingSchedule } from './site.state';

export interface ScheduleView {
  id: string;
  /** ISO instant (UTC). */
  at: string;
  snapshotId: string;
  snapshot_label: string | null;
  created_by: string;
  created_at: string;
}

export interface ScheduleRequest {
  at: string;
  snapshotId?: string | null;
}

export function scheduleView(schedule: PendingSchedule): ScheduleView {
  return {
    id: schedule.id,
    at: schedule.at,
    snapshotId: schedule.snapshotId,
    snapshot_label: schedule.snapshotLabel,
    created_by: schedule.createdBy,
    created_at: schedule.createdAt,
  };
}

/** Label of the snapshot taken of the current draft when a schedule names none. */
export function scheduledSnapshotLabel(at: string): string {
  return `Scheduled for ${at.replace('T', ' ').replace(/:\d\d\.\d{3}Z$/, ' UTC')}`;
}
