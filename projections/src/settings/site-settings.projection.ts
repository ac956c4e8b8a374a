import {
  SITE_STREAM,
  canonicalJson,
  evolveSite,
  isSiteEventType,
  mergeDraftOverLive,
  occurredAtOf,
  type DraftLock,
  type RecordedEvent,
  type SiteEvent,
  type SiteState,
  type StoredSettings,
} from '@punchline/domain';
import { createHash } from 'node:crypto';
import { isoTimestamp, type SqlClient } from '../ports/database.port';
import { qualified, type Projection } from '../projection';

/** NOTIFY channel announcing a committed change of rm.site_settings; payload `schema:stage:version`. */
export const SITE_SETTINGS_CHANNEL = 'rm_site_settings';

export type SettingsStage = 'live' | 'draft';

interface StageRow {
  updatedAt: string | null;
  version: number;
}

/**
 * What a stage's row is stamped with: as loaded, or the event that last changed it (its time is
 * read when the row is written: a batch of draft saves reads one, not thousands).
 */
type StageStamp = StageRow | RecordedEvent;

const stageRowOf = (stamp: StageStamp): StageRow => ('globalPosition' in stamp ? { updatedAt: occurredAtOf(stamp), version: stamp.globalPosition } : stamp);

/** A row of rm.site_settings as the database hands it back (what readers of the table select from). */
export interface SiteSettingsTableRow {
  stage: SettingsStage;
  /** What the stage reads: its own fields over live (draft) or its own (live). */
  settings: StoredSettings;
  /** The stage's own fields. */
  stored: StoredSettings;
  updated_at: string | Date | null;
  version: number | string;
}

type SnapshotOp =
  | { kind: 'insert'; id: string; label: string | null; stage: string; createdAt: string; authorEmail: string | null; settings: StoredSettings; position: number }
  | { kind: 'published'; id: string; position: number }
  | { kind: 'delete'; id: string };

/**
 * A show's calendar identity without the host (issue 14's UID is `<key>@<host>`): the same while its
 * title and venue stay, whatever else is edited.
 */
export function showCalendarKey(show: { title: string; venue: string }): string {
  const key = `${show.title.trim().toLowerCase()}|${show.venue.trim().toLowerCase()}`;
  return createHash('sha256').update(key).digest('hex').slice(0, 24);
}

/** What a show's SEQUENCE counts (RFC 5545: a change subscribers must take): its date and ticket link. */
const calendarIdentity = (show: { date: string; link: string }): string => `${show.date.trim()}|${show.link.trim()}`;

interface ShowSequence {
  identity: string;
  sequence: number;
}

interface SiteFold {
  /** The aggregate's own fold (domain evolveSite) over draft, live and lock; snapshots live in their table. */
  state: SiteState;
  live: StageStamp;
  draft: StageStamp;
  liveChanged: boolean;
  draftChanged: boolean;
  lockChanged: boolean;
  snapshots: SnapshotOp[];
  /** Issue 31: SEQUENCE per show key, kept with the published versions (rm.show_sequences), and the keys this batch changed. */
  sequences: Map<string, ShowSequence>;
  sequencesChanged: Set<string>;
}

/**
 * Each version live becomes moves a show's SEQUENCE on when its date or link differs from the last
 * live version that had the show (the rule `calendarSequences` applied to history before issue 31).
 * Folded here, in the transaction that writes the live row, so the feed reads one small table and
 * never the history.
 */
function foldSequences(fold: SiteFold): void {
  const upcoming = fold.state.live.events_upcoming;
  if (!Array.isArray(upcoming)) return;
  for (const show of upcoming) {
    if (typeof show?.title !== 'string' || typeof show.venue !== 'string') continue;
    const key = showCalendarKey(show);
    const identity = calendarIdentity({ date: String(show.date ?? ''), link: String(show.link ?? '') });
    const known = fold.sequences.get(key);
    if (known?.identity === identity) continue;
    fold.sequences.set(key, { identity, sequence: known ? known.sequence + 1 : 0 });
    fold.sequencesChanged.add(key);
  }
}

const draftViewOf = (state: SiteState): StoredSettings => mergeDraftOverLive(state.live, state.draft);

/**
 * Folds one site event with the aggregate's own evolve, so the read model can never disagree with
 * what the decider sees; then records which rows changed and what to do with the snapshot table.
 */
function foldEvent(fold: SiteFold, event: RecordedEvent): void {
  const e = event as unknown as SiteEvent;
  const before = fold.state;
  // The fold's state never holds snapshots or schedules (they live in their tables), so it goes to
  // evolve as it is and only a result that gained some is copied (a replay folds a million events).
  const evolved = evolveSite(before, e);
  fold.state = evolved.snapshots.length === 0 && evolved.schedules.length === 0 ? evolved : { ...evolved, snapshots: [], schedules: [] };
  const draftTouched = (): void => {
    fold.draft = event;
    fold.draftChanged = true;
  };
  const liveTouched = (): void => {
    fold.live = event;
    fold.liveChanged = true;
    // The draft stage reads the draft merged over live: it changed only if that view did.
    if (canonicalJson(draftViewOf(before)) !== canonicalJson(draftViewOf(fold.state))) draftTouched();
    foldSequences(fold);
  };
  switch (e.type) {
    case 'LockAcquired':
    case 'LockRefreshed':
    case 'LockReleased':
      fold.lockChanged = true;
      return;
    case 'DraftSaved':
    case 'DraftPulledFromLive':
    case 'SnapshotRestored':
      draftTouched();
      return;
    case 'SnapshotSaved':
      fold.snapshots.push({
        kind: 'insert',
        id: e.data.snapshotId,
        label: e.data.label,
        stage: e.data.stage,
        createdAt: e.data.createdAt,
        authorEmail: e.data.authorEmail,
        settings: e.data.settings,
        position: event.globalPosition,
      });
      return;
    case 'SnapshotDeleted':
      fold.snapshots.push({ kind: 'delete', id: e.data.snapshotId });
      return;
    case 'Published':
      liveTouched();
      if (e.data.snapshotId) fold.snapshots.push({ kind: 'published', id: e.data.snapshotId, position: event.globalPosition });
      return;
    case 'MediaReferencesRewritten':
      if (e.data.stage === 'live') liveTouched();
      else draftTouched();
      return;
    case 'LiveRolledBack':
      liveTouched();
      return;
    case 'DraftRestoredFromHistory':
      draftTouched();
      return;
    case 'PublishScheduled':
    case 'ScheduledPublishCancelled':
      // Pending schedules are read from the aggregate (a handful of rows); the audit log keeps their history.
      return;
    default: {
      const _exhaustive: never = e;
      throw new Error(`Unhandled site event ${JSON.stringify(_exhaustive)}`);
    }
  }
}

const emptyStage = (): StageRow => ({ updatedAt: null, version: 0 });

async function loadFold(tx: SqlClient, schema: string): Promise<SiteFold> {
  const stages = await tx.query<{ stage: SettingsStage; stored: StoredSettings; updated_at: string | Date | null; version: number | string }>(
    `SELECT stage, stored, updated_at, version FROM ${qualified(schema, 'site_settings')}`,
  );
  const byStage = new Map(stages.rows.map((r) => [r.stage, r]));
  const stage = (name: SettingsStage): StageRow => {
    const row = byStage.get(name);
    return row ? { updatedAt: isoTimestamp(row.updated_at), version: Number(row.version) } : emptyStage();
  };
  const locks = await tx.query<{ holder_email: string; acquired_at: string | Date; expires_at: string | Date; ttl_seconds: number }>(
    `SELECT holder_email, acquired_at, expires_at, ttl_seconds FROM ${qualified(schema, 'draft_lock')} WHERE id = 'site'`,
  );
  const sequenceRows = await tx.query<{ show_key: string; identity: string; sequence: number | string }>(
    `SELECT show_key, identity, sequence FROM ${qualified(schema, 'show_sequences')}`,
  );
  const row = locks.rows[0];
  const lock: DraftLock | null = row
    ? { holderEmail: row.holder_email, acquiredAt: isoTimestamp(row.acquired_at)!, expiresAt: isoTimestamp(row.expires_at)!, ttlSeconds: Number(row.ttl_seconds) }
    : null;
  return {
    // revision is not tracked here: the projection never decides, it only folds.
    state: { lock, draft: byStage.get('draft')?.stored ?? {}, live: byStage.get('live')?.stored ?? {}, snapshots: [], schedules: [], revision: -1 },
    live: stage('live'),
    draft: stage('draft'),
    liveChanged: false,
    draftChanged: false,
    lockChanged: false,
    snapshots: [],
    sequences: new Map(sequenceRows.rows.map((r) => [r.show_key, { identity: r.identity, sequence: Number(r.sequence) }])),
    sequencesChanged: new Set(),
  };
}

/**
 * The settings read models (SPEC §3, §4, §7), kept by one projection so a batch folds the site stream
 * once and the three tables always agree:
 * - site_settings: one row per stage. `stored` is the stage's own fields; `settings` is what the stage
 *   reads (live: its own; draft: draft merged over live). `version` is the global position of the
 *   event that last changed what the stage reads; readers key their caches by it.
 * - settings_versions: the snapshots (SPEC "Settings snapshot").
 * - draft_lock: the current lock as last granted; expiry is judged by the reader against its clock.
 * - show_sequences (issue 31): the calendar feed's SEQUENCE per show key as of the live row.
 * Each batch is loaded, folded in memory and written back: a replay of a long stream costs a few
 * statements per batch, not per event.
 */
export const siteSettingsProjection: Projection = {
  name: 'site_settings',
  // 2: show_sequences (issue 31), filled by the rebuild from the whole stream.
  version: 2,
  tables: [
    { name: 'site_settings', primaryKey: ['stage'] },
    { name: 'settings_versions', primaryKey: ['id'] },
    { name: 'draft_lock', primaryKey: ['id'] },
    { name: 'show_sequences', primaryKey: ['show_key'] },
  ],

  async migrate(tx: SqlClient, schema: string): Promise<void> {
    await tx.query(`
      CREATE TABLE IF NOT EXISTS ${qualified(schema, 'site_settings')} (
        stage text PRIMARY KEY CHECK (stage IN ('live', 'draft')),
        settings jsonb NOT NULL,
        stored jsonb NOT NULL,
        updated_at timestamptz NULL,
        version bigint NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${qualified(schema, 'settings_versions')} (
        id text PRIMARY KEY,
        label text NULL,
        stage text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        author_email text NULL,
        settings jsonb NOT NULL,
        position bigint NOT NULL,
        published_position bigint NULL
      );
      CREATE INDEX IF NOT EXISTS settings_versions_created_idx ON ${qualified(schema, 'settings_versions')} (stage, position DESC);
      CREATE TABLE IF NOT EXISTS ${qualified(schema, 'draft_lock')} (
        id text PRIMARY KEY CHECK (id = 'site'),
        holder_email text NOT NULL,
        acquired_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        ttl_seconds int NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${qualified(schema, 'show_sequences')} (
        show_key text PRIMARY KEY,
        identity text NOT NULL,
        sequence int NOT NULL
      );
    `);
  },

  async apply(tx: SqlClient, schema: string, events: RecordedEvent[]): Promise<void> {
    // Only the site aggregate's own stream: other streams may reuse nothing of it.
    const site = events.filter((e) => e.streamId === SITE_STREAM && isSiteEventType(e.type));
    if (site.length === 0) return;
    const fold = await loadFold(tx, schema);
    for (const event of site) foldEvent(fold, event);
    const { state } = fold;

    const upsertStage = async (stage: SettingsStage, stamp: StageStamp, stored: StoredSettings, reads: StoredSettings): Promise<void> => {
      const row = stageRowOf(stamp);
      await tx.query(
        `INSERT INTO ${qualified(schema, 'site_settings')} (stage, settings, stored, updated_at, version) VALUES ($1, $2::jsonb, $3::jsonb, $4, $5)
         ON CONFLICT (stage) DO UPDATE SET settings = EXCLUDED.settings, stored = EXCLUDED.stored, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version`,
        [stage, JSON.stringify(reads), JSON.stringify(stored), row.updatedAt, row.version],
      );
      // Delivered at commit: other instances drop their cached live answer (SettingsReadService).
      await tx.query('SELECT pg_notify($1, $2)', [SITE_SETTINGS_CHANNEL, `${schema}:${stage}:${row.version}`]);
    };
    if (fold.liveChanged) await upsertStage('live', fold.live, state.live, state.live);
    // The stored draft may change without the view changing (a publish): keep the row in step either way.
    if (fold.draftChanged || fold.liveChanged) await upsertStage('draft', fold.draft, state.draft, draftViewOf(state));

    if (fold.sequencesChanged.size > 0) {
      const keys = [...fold.sequencesChanged];
      await tx.query(
        `INSERT INTO ${qualified(schema, 'show_sequences')} (show_key, identity, sequence)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
         ON CONFLICT (show_key) DO UPDATE SET identity = EXCLUDED.identity, sequence = EXCLUDED.sequence`,
        [keys, keys.map((k) => fold.sequences.get(k)!.identity), keys.map((k) => fold.sequences.get(k)!.sequence)],
      );
    }

    if (fold.lockChanged) {
      await tx.query(`DELETE FROM ${qualified(schema, 'draft_lock')} WHERE id = 'site'`);
      if (state.lock) {
        await tx.query(
          `INSERT INTO ${qualified(schema, 'draft_lock')} (id, holder_email, acquired_at, expires_at, ttl_seconds) VALUES ('site', $1, $2, $3, $4)`,
          [state.lock.holderEmail, state.lock.acquiredAt, state.lock.expiresAt, state.lock.ttlSeconds],
        );
      }
    }

    const versions = qualified(schema, 'settings_versions');
    for (const op of fold.snapshots) {
      switch (op.kind) {
        case 'insert':
          await tx.query(
            `INSERT INTO ${versions} (id, label, stage, status, created_at, author_email, settings, position) VALUES ($1, $2, $3, 'draft', $4, $5, $6::jsonb, $7)`,
            [op.id, op.label, op.stage, op.createdAt, op.authorEmail, JSON.stringify(op.settings), op.position],
          );
          break;
        case 'published':
          await tx.query(`UPDATE ${versions} SET status = 'published', published_position = $2 WHERE id = $1`, [op.id, op.position]);
          break;
        case 'delete':
          await tx.query(`DELETE FROM ${versions} WHERE id = $1`, [op.id]);
          break;
        default: {
          const _exhaustive: never = op;
          throw new Error(`Unhandled snapshot op ${JSON.stringify(_exhaustive)}`);
        }
      }
    }
  },
};
