import { applySettingsChanges, mergeDraftOverLive, type RecordedEvent, type SettingsChanges, type StoredSettings } from '@punchline/domain';
import type { SqlClient } from '../ports/database.port';
import { qualified, type Projection } from '../projection';

/** NOTIFY channel announcing a committed change of rm.site_settings; payload `schema:stage:version`. */
export const SITE_SETTINGS_CHANNEL = 'rm_site_settings';

export type SettingsStage = 'live' | 'draft';

/** Event types of the site stream this projection reads (DESIGN §7). */
const SITE_EVENT_TYPES = new Set([
  'LockAcquired',
  'LockRefreshed',
  'LockReleased',
  'DraftSaved',
  'DraftPulledFromLive',
  'SnapshotSaved',
  'SnapshotRestored',
  'SnapshotDeleted',
  'Published',
  'MediaReferencesRewritten',
]);

/** What a snapshot row records once it has been the source of a publish. */
export type SnapshotStatus = 'draft' | 'published';

interface StageRow {
  /** The stage's own fields as stored (normalised, blanks kept). */
  stored: StoredSettings;
  updatedAt: string | null;
  version: number;
}

interface LockRow {
  holderEmail: string;
  acquiredAt: string;
  expiresAt: string;
}

type SnapshotOp =
  | { kind: 'insert'; id: string; label: string | null; createdAt: string; authorEmail: string | null; settings: StoredSettings; position: number }
  | { kind: 'published'; id: string; position: number }
  | { kind: 'delete'; id: string };

interface SiteFold {
  live: StageRow;
  draft: StageRow;
  lock: LockRow | null;
  liveChanged: boolean;
  draftChanged: boolean;
  lockChanged: boolean;
  snapshots: SnapshotOp[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** occurredAt from the command metadata; an unparsable value falls back to the recording time (as in audit). */
function occurredAt(event: RecordedEvent): string {
  const claimed = Date.parse(event.metadata?.occurredAt ?? '');
  return Number.isNaN(claimed) ? event.recordedAt : new Date(claimed).toISOString();
}

function changesOf(data: Record<string, unknown>, key: string): SettingsChanges {
  const value = data[key];
  return isObject(value) ? (value as SettingsChanges) : {};
}

function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** Folds one site event into the in-memory copy of the three tables. */
function foldEvent(fold: SiteFold, event: RecordedEvent): void {
  const data = isObject(event.data) ? event.data : {};
  const at = occurredAt(event);
  const touchDraft = (stored: StoredSettings): void => {
    fold.draft = { stored, updatedAt: at, version: event.globalPosition };
    fold.draftChanged = true;
  };
  const touchLive = (stored: StoredSettings): void => {
    fold.live = { stored, updatedAt: at, version: event.globalPosition };
    fold.liveChanged = true;
    // The draft stage is the draft merged over live, so a new live changes what it reads.
    fold.draft = { ...fold.draft, updatedAt: at, version: event.globalPosition };
    fold.draftChanged = true;
  };
  switch (event.type) {
    case 'LockAcquired': {
      const holder = str(data.holderEmail) ?? str(event.metadata?.actorEmail) ?? '';
      const expiresAt = str(data.expiresAt) ?? addSeconds(at, typeof data.ttlSeconds === 'number' ? data.ttlSeconds : 300);
      fold.lock = { holderEmail: holder.toLowerCase(), acquiredAt: str(data.acquiredAt) ?? at, expiresAt };
      fold.lockChanged = true;
      return;
    }
    case 'LockRefreshed': {
      if (!fold.lock) return;
      const expiresAt = str(data.expiresAt) ?? addSeconds(at, typeof data.ttlSeconds === 'number' ? data.ttlSeconds : 300);
      fold.lock = { ...fold.lock, expiresAt };
      fold.lockChanged = true;
      return;
    }
    case 'LockReleased':
      fold.lock = null;
      fold.lockChanged = true;
      return;
    case 'DraftSaved':
    case 'DraftPulledFromLive':
    case 'SnapshotRestored':
      touchDraft(applySettingsChanges(fold.draft.stored, changesOf(data, 'changes')));
      return;
    case 'SnapshotSaved': {
      const id = str(data.snapshotId);
      if (!id) return;
      const settings = isObject(data.settings) ? (data.settings as StoredSettings) : mergeDraftOverLive(fold.live.stored, fold.draft.stored);
      fold.snapshots.push({
        kind: 'insert',
        id,
        label: str(data.label),
        createdAt: at,
        authorEmail: str(event.metadata?.actorEmail),
        settings,
        position: event.globalPosition,
      });
      return;
    }
    case 'SnapshotDeleted': {
      const id = str(data.snapshotId);
      if (id) fold.snapshots.push({ kind: 'delete', id });
      return;
    }
    case 'Published': {
      if (isObject(data.settings)) touchLive(data.settings as StoredSettings);
      const id = str(data.snapshotId);
      if (id) fold.snapshots.push({ kind: 'published', id, position: event.globalPosition });
      return;
    }
    case 'MediaReferencesRewritten': {
      const changes = isObject(data.fields) ? (data.fields as SettingsChanges) : changesOf(data, 'changes');
      if (data.stage === 'live') touchLive(applySettingsChanges(fold.live.stored, changes));
      else touchDraft(applySettingsChanges(fold.draft.stored, changes));
      return;
    }
    default:
      return;
  }
}

const emptyStage = (): StageRow => ({ stored: {}, updatedAt: null, version: 0 });

async function loadFold(tx: SqlClient, schema: string): Promise<SiteFold> {
  const stages = await tx.query<{ stage: SettingsStage; stored: StoredSettings; updated_at: string | Date | null; version: number | string }>(
    `SELECT stage, stored, updated_at, version FROM ${qualified(schema, 'site_settings')}`,
  );
  const byStage = new Map(stages.rows.map((r) => [r.stage, r]));
  const stage = (name: SettingsStage): StageRow => {
    const row = byStage.get(name);
    return row ? { stored: row.stored, updatedAt: iso(row.updated_at), version: Number(row.version) } : emptyStage();
  };
  const locks = await tx.query<{ holder_email: string; acquired_at: string | Date; expires_at: string | Date }>(
    `SELECT holder_email, acquired_at, expires_at FROM ${qualified(schema, 'draft_lock')} WHERE id = 'site'`,
  );
  const lock = locks.rows[0];
  return {
    live: stage('live'),
    draft: stage('draft'),
    lock: lock ? { holderEmail: lock.holder_email, acquiredAt: iso(lock.acquired_at)!, expiresAt: iso(lock.expires_at)! } : null,
    liveChanged: false,
    draftChanged: false,
    lockChanged: false,
    snapshots: [],
  };
}

function iso(value: string | Date | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * The settings read models (SPEC §3, §4, §7), kept by one projection so a batch folds the site stream
 * once and the three tables always agree:
 * - site_settings: one row per stage. `stored` is the stage's own fields; `settings` is what the stage
 *   reads (live: its own; draft: draft merged over live). `version` is the global position of the
 *   event that last changed what the stage reads; readers key their caches by it.
 * - settings_versions: the snapshots (SPEC "Settings snapshot").
 * - draft_lock: the current lock as last granted; expiry is judged by the reader against its clock.
 * Each batch is loaded, folded in memory and written back: a replay of a long stream costs a few
 * statements per batch, not per event.
 */
export const siteSettingsProjection: Projection = {
  name: 'site_settings',
  version: 1,
  tables: [
    { name: 'site_settings', primaryKey: ['stage'] },
    { name: 'settings_versions', primaryKey: ['id'] },
    { name: 'draft_lock', primaryKey: ['id'] },
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
        expires_at timestamptz NOT NULL
      );
    `);
  },

  async apply(tx: SqlClient, schema: string, events: RecordedEvent[]): Promise<void> {
    const site = events.filter((e) => SITE_EVENT_TYPES.has(e.type));
    if (site.length === 0) return;
    const fold = await loadFold(tx, schema);
    for (const event of site) foldEvent(fold, event);

    const upsertStage = async (stage: SettingsStage, row: StageRow, reads: StoredSettings): Promise<void> => {
      await tx.query(
        `INSERT INTO ${qualified(schema, 'site_settings')} (stage, settings, stored, updated_at, version) VALUES ($1, $2::jsonb, $3::jsonb, $4, $5)
         ON CONFLICT (stage) DO UPDATE SET settings = EXCLUDED.settings, stored = EXCLUDED.stored, updated_at = EXCLUDED.updated_at, version = EXCLUDED.version`,
        [stage, JSON.stringify(reads), JSON.stringify(row.stored), row.updatedAt, row.version],
      );
      await tx.query('SELECT pg_notify($1, $2)', [SITE_SETTINGS_CHANNEL, `${schema}:${stage}:${row.version}`]);
    };
    if (fold.liveChanged) await upsertStage('live', fold.live, fold.live.stored);
    if (fold.draftChanged) await upsertStage('draft', fold.draft, mergeDraftOverLive(fold.live.stored, fold.draft.stored));

    if (fold.lockChanged) {
      await tx.query(`DELETE FROM ${qualified(schema, 'draft_lock')} WHERE id = 'site'`);
      if (fold.lock) {
        await tx.query(`INSERT INTO ${qualified(schema, 'draft_lock')} (id, holder_email, acquired_at, expires_at) VALUES ('site', $1, $2, $3)`, [
          fold.lock.holderEmail,
          fold.lock.acquiredAt,
          fold.lock.expiresAt,
        ]);
      }
    }

    const versions = qualified(schema, 'settings_versions');
    for (const op of fold.snapshots) {
      switch (op.kind) {
        case 'insert':
          await tx.query(
            `INSERT INTO ${versions} (id, label, stage, status, created_at, author_email, settings, position) VALUES ($1, $2, 'draft', 'draft', $3, $4, $5::jsonb, $6)`,
            [op.id, op.label, op.createdAt, op.authorEmail, JSON.stringify(op.settings), op.position],
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
