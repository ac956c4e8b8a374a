/**
 * One sentence a person reads for every event of the log (issue 10: audit `summary`, history items):
 * "Saved the draft: Hero title, Upcoming events", "Published snapshot 'Spring season' to live",
 * "Rolled live back to the publish of 2025-05-12 21:04 UTC". Pure: from the event type and data
 * alone, so the audit list computes it at read time and replay needs no new table.
 */
import type { AccessEventType } from '../access/access-events';
import type { ContactEventType } from '../contact/contact-response.events';
import { SETTINGS_FIELD_LABELS } from '../settings/field-labels';
import { inFieldOrder } from '../settings/settings-record';
import type { MediaEventType } from '../media/media.events';
import type { SiteEventType } from '../site/site.events';

type Data = Record<string, unknown>;

const FIELD_LIST_LIMIT = 4;

/** '2025-05-12 21:04 UTC': the same reading for every admin, whatever their zone. */
export function utcMinute(iso: unknown): string {
  const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(ms) ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'an unknown time';
}

const UTC_MINUTE = /\b(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC\b/g;

/**
 * A summary the server wrote (instants as `utcMinute` writes them) with each instant passed through
 * `time`: the screens that have only the sentence, not the event (Site history's timeline), show
 * the admin's local time as the Audit Log does (issue 25). The API keeps UTC: one reading for every
 * client, export and search.
 */
export function withLocalTimes(summary: string, time: (iso: string) => string): string {
  return summary.replace(UTC_MINUTE, (_whole, day: string, clock: string) => time(`${day}T${clock}:00.000Z`));
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

function withChanges(action: string, fields: readonly string[], nothing = 'nothing changed'): string {
  return fields.length === 0 ? `${action} (${nothing})` : `${action}: ${fieldList(fields)}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const fileName = (path: unknown): string => text(path).split('/').pop() || 'a file';
const quoted = (label: unknown, fallback: string): string => (text(label).trim() ? `'${text(label).trim()}'` : fallback);

/** How a summary writes an instant: UTC on the server (the same for every reader), local time on the screen (issue 25). */
export interface SummaryOptions {
  time?: (iso: unknown) => string;
  /** The fields the event changed, in field order, where the caller has them already (searchableWords). */
  changedFields?: readonly string[];
}

export function summarizeEvent(type: string, rawData: unknown, options: SummaryOptions = {}): string {
  const data = (rawData && typeof rawData === 'object' ? rawData : {}) as Data;
  const minute = options.time ?? utcMinute;
  const changed = (): readonly string[] => options.changedFields ?? changedFields(data);
  switch (type) {
    case 'LockAcquired':
      return data.previousHolderEmail ? `Took over the draft lock from ${text(data.previousHolderEmail)} (theirs had expired)` : 'Took the draft lock';
    case 'LockRefreshed':
      return 'Kept the draft lock';
    case 'LockReleased':
      return data.reason === 'page-closed' ? 'Released the draft lock (closed the page)' : data.reason === 'signed-out' ? 'Released the draft lock (signed out)' : 'Released the draft lock';
    case 'DraftSaved':
      return withChanges('Saved the draft', changed());
    case 'DraftPulledFromLive':
      return withChanges('Replaced the draft with live', changed(), 'it already matched live');
    case 'SnapshotSaved':
      return `Saved snapshot ${quoted(data.label, 'without a label')}`;
    case 'SnapshotRestored':
      return withChanges(`Restored snapshot ${quoted(data.label, 'without a label')} into the draft`, changed(), 'the draft already matched it');
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
      return `Scheduled snapshot ${quoted(data.snapshotLabel, 'without a label')} to go live at ${minute(data.at)}`;
    case 'ScheduledPublishCancelled':
      return data.reason === 'snapshot-deleted'
        ? `Cancelled the publish scheduled for ${minute(data.at)} (its snapshot was deleted)`
        : data.reason === 'scheduler-not-admin'
          ? `Cancelled the publish scheduled for ${minute(data.at)} (its author is no longer an admin)`
          : `Cancelled the publish scheduled for ${minute(data.at)}`;
    case 'LiveRolledBack':
      return withChanges(`Rolled live back to the publish of ${minute(data.toOccurredAt)}`, changed(), 'live already matched it');
    case 'DraftRestoredFromHistory':
      return withChanges(`Restored the draft from ${data.stage === 'live' ? 'live' : 'the draft'} as it was at ${minute(data.fromOccurredAt)}`, changed(), 'the draft already matched it');
    case 'MediaUploaded':
      return `Uploaded ${text(data.name) || 'a file'}`;
    case 'MediaRenamed':
      return `Renamed ${text(data.fromName) || 'a file'} to ${text(data.toName) || 'a new name'}`;
    case 'MediaDeleted':
      return `Deleted ${text(data.name) || 'a file'}`;
    case 'MediaImageProcessed':
      return `Made the web sizes of ${fileName(data.path)}`;
    case 'MediaImageVariantsAdded':
      return `Made the remaining sizes (JPEG/PNG and AVIF) of ${fileName(data.path)}`;
    case 'MediaImageFailed':
      return `Could not make the web sizes of ${fileName(data.path)}: ${text(data.reason) || 'unreadable image'}`;
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
    case 'AdminSignInDenied': {
      const why = data.reason === 'not_allowlisted' ? `${text(data.email)} is not an admin` : 'no verified email';
      const repeated = data.repeated as { count?: unknown; windowMinutes?: unknown } | undefined;
      if (repeated && typeof repeated.count === 'number') {
        return `Sign-in refused ${repeated.count} more ${repeated.count === 1 ? 'time' : 'times'} within ${String(repeated.windowMinutes)} minutes: ${why}`;
      }
      return `Sign-in refused: ${why}`;
    }
    case 'AdminSignedOut':
      return 'Signed out';
    case 'BackupTaken':
      return `Took a backup (${text(data.name)}, up to position ${String(data.position)})`;
    default:
      return type;
  }
}

/** The audit log's 'Content changes only' filter hides lock, sign-in and other traffic that changes no content. */
export const TRAFFIC_EVENT_TYPES: readonly (SiteEventType | AccessEventType | ContactEventType)[] = ['LockAcquired', 'LockRefreshed', 'LockReleased', 'AdminSignedIn', 'AdminSignInDenied', 'AdminSignedOut', 'ContactDeliveryRecorded'];

/** Every event type the log holds, in words for the Action column and its filter (issue 25): a missing one is a compile error. */
export const ACTION_LABELS: Record<SiteEventType | MediaEventType | ContactEventType | AccessEventType, string> = {
  LockAcquired: 'Draft lock taken',
  LockRefreshed: 'Draft lock renewed',
  LockReleased: 'Draft lock released',
  DraftSaved: 'Draft saved',
  DraftPulledFromLive: 'Draft replaced with live',
  SnapshotSaved: 'Snapshot saved',
  SnapshotRestored: 'Snapshot restored into the draft',
  SnapshotDeleted: 'Snapshot deleted',
  Published: 'Published',
  MediaReferencesRewritten: 'Links to a renamed file updated',
  PublishScheduled: 'Publish scheduled',
  ScheduledPublishCancelled: 'Scheduled publish cancelled',
  LiveRolledBack: 'Live rolled back',
  DraftRestoredFromHistory: 'Draft restored from history',
  MediaUploaded: 'File uploaded',
  MediaRenamed: 'File renamed',
  MediaDeleted: 'File deleted',
  MediaImageProcessed: 'Image sizes made',
  MediaImageVariantsAdded: 'More image sizes made',
  MediaImageFailed: 'Image could not be processed',
  ContactMessageReceived: 'Message received',
  ContactDeliveryRecorded: 'Message delivery',
  ResponseMarked: 'Message marked',
  ResponseNotesEdited: 'Message notes edited',
  AllowlistChanged: 'Admin allowlist changed',
  AdminSignedIn: 'Signed in',
  AdminSignInDenied: 'Sign-in refused',
  AdminSignedOut: 'Signed out',
  AuditorsChanged: 'Auditors changed',
};

/** The action in words; an unknown type (a newer event) is split into words rather than shown as code. */
export function actionLabel(type: string): string {
  const known = (ACTION_LABELS as Record<string, string>)[type];
  if (known) return known;
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The words an admin reads for an event, for the audit search (issue 25: 'hero title' finds
 * 'Saved the draft: Hero title'): the action in words, the summary, and the label of every field
 * it changed (the summary names only the first few). Pure, so replay writes the same text.
 */
export function searchableWords(type: string, data: unknown): string {
  const fields = data && typeof data === 'object' ? changedFields(data as Data) : [];
  const labels = fields.map((f) => (SETTINGS_FIELD_LABELS as Record<string, string>)[f] ?? f);
  return [actionLabel(type), summarizeEvent(type, data, { changedFields: fields }), ...labels].join(' · ');
}

/** A holding of the draft lock, folded from its LockAcquired, LockRefreshed… and how it ended (issue 25). */
export interface LockHoldingView {
  /** When it was taken (the LockAcquired). */
  from: string;
  /** When it ended: released, or expired at its last expiry; while still held, its current expiry. */
  to: string;
  renewals: number;
  /** 'held': not ended yet when the log was read. */
  end: 'released' | 'page-closed' | 'signed-out' | 'expired' | 'held';
}

/** 'Held the draft lock 23:19–23:45, 14 renewals'; times through `time` (clock time on the screen, UTC on the server). */
export function lockHoldingSummary(holding: LockHoldingView, time: (iso: string) => string = (iso) => utcMinute(iso)): string {
  const renewals = `${holding.renewals} renewal${holding.renewals === 1 ? '' : 's'}`;
  if (holding.end === 'held') return `Holding the draft lock since ${time(holding.from)}, ${renewals}`;
  const how = holding.end === 'expired' ? ' (expired)' : holding.end === 'page-closed' ? ' (closed the page)' : holding.end === 'signed-out' ? ' (signed out)' : '';
  return `Held the draft lock ${time(holding.from)}–${time(holding.to)}, ${renewals}${how}`;
}
