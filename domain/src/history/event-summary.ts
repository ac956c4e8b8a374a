/**
 * One sentence a person reads for every event of the log (issue 10: audit `summary`, history items):
 * "Saved the draft: Hero title, Upcoming events", "Published snapshot 'Spring season' to live",
 * "Rolled live back to the publish of 2025-05-12 21:04 UTC". Pure: from the event type and data
 * alone, so the audit list computes it at read time and replay needs no new table.
 */
import { SETTINGS_FIELD_LABELS } from '../settings/field-labels';
import { inFieldOrder } from '../settings/settings-record';

type Data = Record<string, unknown>;

const FIELD_LIST_LIMIT = 4;

/** '2025-05-12 21:04 UTC': the same reading for every admin, whatever their zone. */
export function utcMinute(iso: unknown): string {
  const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'an unknown time';
}

/** Field names as the editing screens label them; the first few, then 'and N more'. */
export function fieldList(fields: readonly string[]): string {
  const labels = fields.map((f) => (SETTINGS_FIELD_LABELS as Record<string, string>)[f] ?? f);
  if (labels.length <= FIELD_LIST_LIMIT) return labels.join(', ');
  return `${labels.slice(0, FIELD_LIST_LIMIT).join(', ')} and ${labels.length - FIELD_LIST_LIMIT} more`;
}

function changedFields(data: Data): string[] {
  const changes = data.changes;
  return changes && typeof changes === 'object' ? inFieldOrder(Object.keys(changes)) : [];
}

function withChanges(action: string, data: Data, nothing = 'nothing changed'): string {
  const fields = changedFields(data);
  return fields.length === 0 ? `${action} (${nothing})` : `${action}: ${fieldList(fields)}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const quoted = (label: unknown, fallback: string): string => (text(label).trim() ? `'${text(label).trim()}'` : fallback);

export function summarizeEvent(type: string, rawData: unknown): string {
  const data = (rawData && typeof rawData === 'object' ? rawData : {}) as Data;
  switch (type) {
    case 'LockAcquired':
      return data.previousHolderEmail ? `Took over the draft lock from ${text(data.previousHolderEmail)} (theirs had expired)` : 'Took the draft lock';
    case 'LockRefreshed':
      return 'Kept the draft lock';
    case 'LockReleased':
      return data.reason === 'page-closed' ? 'Released the draft lock (closed the page)' : data.reason === 'signed-out' ? 'Released the draft lock (signed out)' : 'Released the draft lock';
    case 'DraftSaved':
      return withChanges('Saved the draft', data);
    case 'DraftPulledFromLive':
      return withChanges('Replaced the draft with live', data, 'it already matched live');
    case 'SnapshotSaved':
      return `Saved snapshot ${quoted(data.label, 'without a label')}`;
    case 'SnapshotRestored':
      return withChanges(`Restored snapshot ${quoted(data.label, 'without a label')} into the draft`, data, 'the draft already matched it');
    case 'SnapshotDeleted':
      return `Deleted snapshot ${quoted(data.label, 'without a label')}`;
    case 'Published': {
      const what = data.snapshotId ? `snapshot ${quoted(data.snapshotLabel, 'without a label')}` : 'the current draft';
      const schedule = data.schedule as { lateBySeconds?: number } | undefined;
      const when = schedule ? ` as scheduled${schedule.lateBySeconds ? ` (${schedule.lateBySeconds} s late)` : ''}` : '';
      return `Published ${what} to live${when}`;
    }
    case 'MediaReferencesRewritten':
      return `Pointed ${Number(data.count) || 0} link${Number(data.count) === 1 ? '' : 's'} in ${data.stage === 'live' ? 'live' : 'the draft'} to a renamed file`;
    case 'PublishScheduled':
      return `Scheduled snapshot ${quoted(data.snapshotLabel, 'without a label')} to go live at ${utcMinute(data.at)}`;
    case 'ScheduledPublishCancelled':
      return data.reason === 'snapshot-deleted'
        ? `Cancelled the publish scheduled for ${utcMinute(data.at)} (its snapshot was deleted)`
        : data.reason === 'scheduler-not-admin'
          ? `Cancelled the publish scheduled for ${utcMinute(data.at)} (its author is no longer an admin)`
          : `Cancelled the publish scheduled for ${utcMinute(data.at)}`;
    case 'LiveRolledBack':
      return withChanges(`Rolled live back to the publish of ${utcMinute(data.toOccurredAt)}`, data, 'live already matched it');
    case 'DraftRestoredFromHistory':
      return withChanges(`Restored the draft from ${data.stage === 'live' ? 'live' : 'the draft'} as it was at ${utcMinute(data.fromOccurredAt)}`, data, 'the draft already matched it');
    case 'MediaUploaded':
      return `Uploaded ${text(data.name) || 'a file'}`;
    case 'MediaRenamed':
      return `Renamed ${text(data.fromName) || 'a file'} to ${text(data.toName) || 'a new name'}`;
    case 'MediaDeleted':
      return `Deleted ${text(data.name) || 'a file'}`;
    case 'ContactMessageReceived':
      // Names stay out of summaries: the log keeps no personal data (DESIGN §16).
      return 'Received a message from a visitor';
    case 'ContactDeliveryRecorded':
      return data.status === 'sent' ? 'Emailed a message to the collective' : data.status === 'failed' ? 'Could not email a message (kept in the inbox)' : 'Kept a message in the inbox without emailing it';
    case 'ResponseMarked':
      return data.responded ? 'Marked a message as responded' : 'Marked a message as awaiting reply';
    case 'ResponseNotesEdited':
      return 'Edited the notes on a message';
    case 'PersonalDataErased': {
      const count = Array.isArray(data.messageIds) ? data.messageIds.length : 0;
      return `Erased a person's data (${count} ${count === 1 ? 'message' : 'messages'})`;
    }
    case 'ContactMessagesExpired': {
      const count = Array.isArray(data.messageIds) ? data.messageIds.length : 0;
      return `Erased ${count} ${count === 1 ? 'message' : 'messages'} older than ${String(data.retentionDays)} days`;
    }
    case 'PersonalDataMovedOutOfLog': {
      const count = Array.isArray(data.rewritten) ? data.rewritten.length : 0;
      return `Moved the personal data of ${count} earlier ${count === 1 ? 'event' : 'events'} out of the log`;
    }
    case 'AllowlistChanged': {
      const added = Array.isArray(data.added) ? (data.added as string[]) : [];
      const removed = Array.isArray(data.removed) ? (data.removed as string[]) : [];
      const parts = [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean);
      return `Changed the admin allowlist: ${parts.join('; ') || 'no change'}`;
    }
    case 'AuditorsChanged': {
      const added = Array.isArray(data.added) ? (data.added as string[]) : [];
      const removed = Array.isArray(data.removed) ? (data.removed as string[]) : [];
      const parts = [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean);
      return `Changed the auditors: ${parts.join('; ') || 'no change'}`;
    }
    case 'AdminSignedIn':
      return data.role === 'auditor' ? 'Signed in as an auditor' : 'Signed in';
    case 'AdminSignInDenied':
      return data.reason === 'not_allowlisted' ? `Sign-in refused: ${text(data.email)} is not an admin` : 'Sign-in refused: no verified email';
    case 'AdminSignedOut':
      return 'Signed out';
    case 'BackupTaken':
      return `Took a backup (${text(data.name)}, up to position ${String(data.position)})`;
    default:
      return type;
  }
}

/** The audit log's 'Content changes only' filter hides lock, sign-in and other traffic that changes no content. */
export const TRAFFIC_EVENT_TYPES: readonly string[] = ['LockAcquired', 'LockRefreshed', 'LockReleased', 'AdminSignedIn', 'AdminSignInDenied', 'AdminSignedOut', 'ContactDeliveryRecorded'];
