import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  VERSION_LIST_DEFAULT_LIMIT,
  VERSION_LIST_MAX_LIMIT,
  activeLock,
  normaliseSettings,
  visitorSettings,
  type DraftLock,
  type DraftLockView,
  type SettingsReading,
  type SettingsRecord,
  type SettingsVersionView,
  type SiteState,
  type StoredSettings,
} from '@punchline/domain';
import { LISTEN_RESUMED, LIVE_SCHEMA, SITE_SETTINGS_CHANNEL, qualified, type Database, isoTimestamp, type SiteSettingsTableRow } from '@punchline/projections';
import { DATABASE } from '../platform/platform.module';

/** The snapshot lists' state as the lock's event stream tells it (`event: snapshots`). */
export interface SnapshotListState {
  count: number;
  newest: number;
  published: number;
}

export interface StageSettings {
  settings: SettingsRecord;
  /** Global position of the event that last changed this stage (0: nothing published/saved yet). */
  version: number;
  updatedAt: string | null;
}

/**
 * Live settings plus the exact answers of `GET /api/settings?stage=live`, built once per version:
 * the visitors' (admin-only fields at their defaults, DESIGN §14) and the admins' (everything).
 */
export interface LiveSnapshot extends StageSettings {
  /** What visitors receive: `visitorSettings(settings)` as JSON. */
  json: string;
  etag: string;
  /** The whole live record, for an admin (the sidebar's quick links, the editor's Live view). */
  adminJson: string;
  adminEtag: string;
}

/** The aggregate's lock as the lock calls answer it (null when none is active). */
export function toLockView(lock: DraftLock | null): DraftLockView | null {
  return lock ? { holder_email: lock.holderEmail, acquired_at: lock.acquiredAt, expires_at: lock.expiresAt } : null;
}

export interface SettingsVersionWithSettings extends SettingsVersionView {
  settings: StoredSettings;
}

/** How long a cached live answer is trusted without asking the database (a lost NOTIFY heals within this). */
const LIVE_REVALIDATE_MS = 1_000;
/** The live check is one indexed row: past this the database is taken as unreachable (served from memory). */
const LIVE_CHECK_DEADLINE_MS = 5_000;

/** While the database is away, one log line per this interval rather than one per visitor. */
const OUTAGE_LOG_EVERY_MS = 10_000;

/** The columns a stage read selects. */
type StageRow = Pick<SiteSettingsTableRow, 'settings' | 'updated_at' | 'version'>;


/**
 * Reads of the settings read models (projections/src/settings). Live is cached in memory keyed by its
 * version: a hot public GET is a lookup. The cache is dropped (1) by this process's command handlers
 * right after the projector passed their event (read-your-writes), (2) on the NOTIFY the projection
 * sends when it commits a new stage row (other instances' writes, within milliseconds), and (3) as a
 * safety net, a cached answer older than one second costs one indexed version query, shared by all
 * concurrent requests. Draft, lock and versions are admin reads and go to the database each time.
 */
@Injectable()
export class SettingsReadService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('settings');
  private live: LiveSnapshot | null = null;
  private checkedAt = 0;
  private outageLoggedAt = 0;
  private stale = true;
  private refreshing: Promise<LiveSnapshot> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly liveListeners = new Set<(live: LiveSnapshot) => void>();

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onModuleInit(): Promise<void> {
    try {
      this.unlisten = await this.db.listen(SITE_SETTINGS_CHANNEL, (payload) => this.onNotify(payload));
    } catch (error) {
      this.logger.warn(`LISTEN ${SITE_SETTINGS_CHANNEL} failed; live settings revalidate every ${LIVE_REVALIDATE_MS} ms: ${String(error)}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
  }

  /** The live stage, public reading (SPEC §3 defaults for visitors); an empty site answers the defaults. */
  async getLive(): Promise<LiveSnapshot> {
    const cached = this.peekLive();
    if (cached) return cached;
    this.refreshing ??= this.refreshLive().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** The cached live snapshot when it needs no revalidation yet, else null (getLive then asks the database). */
  private peekLive(): LiveSnapshot | null {
    const cached = this.live;
    return cached && !this.stale && Date.now() - this.checkedAt < LIVE_REVALIDATE_MS ? cached : null;
  }

  /**
   * The front door's read (stale-while-revalidate): the cached snapshot unless a write of this process
   * or a NOTIFY made it stale (then null: the caller waits for getLive). Past the revalidation interval
   * it is still answered, and one version check starts behind it, so visitors never queue behind the
   * safety-net query: on PostgreSQL under load that query waits for a core while every connection
   * waits for it. A lost NOTIFY still heals within the interval and one query.
   */
  peekLiveRevalidating(): LiveSnapshot | null {
    const cached = this.live;
    if (!cached || this.stale) return null;
    if (Date.now() - this.checkedAt >= LIVE_REVALIDATE_MS && !this.refreshing) void this.getLive().catch(() => undefined);
    return cached;
  }

  /** Called when the projector has passed a position that may have changed live: the next read asks the database. */
  invalidate(): void {
    this.stale = true;
  }

  /** Runs after every change of the live version seen by this process (public page caches rebuild on it). */
  onLiveChanged(listener: (live: LiveSnapshot) => void): () => void {
    this.liveListeners.add(listener);
    return () => this.liveListeners.delete(listener);
  }

  /**
   * The draft stage: draft merged over live (SPEC §4). Editor reading for the admin editor; the
   * public reading for the preview, which renders the public pages.
   */
  async getDraft(reading: SettingsReading = 'editor'): Promise<StageSettings> {
    // Before the first draft event the draft reads as live; one row either way (a record can be ~100 KB).
    const { rows } = await this.db.query<StageRow>(
      `SELECT settings, updated_at, version FROM ${qualified(LIVE_SCHEMA, 'site_settings')} ORDER BY stage = 'draft' DESC LIMIT 1`,
    );
    return toStage(rows[0], reading);
  }

  /** The live stage as the admin editor reads it (editor defaults), for the View: Live selector. */
  async getLiveForEditor(): Promise<StageSettings> {
    const { rows } = await this.db.query<StageRow>(
      `SELECT settings, updated_at, version FROM ${qualified(LIVE_SCHEMA, 'site_settings')} WHERE stage = 'live'`,
    );
    return toStage(rows[0], 'editor');
  }

  /**
   * The versions of what each stage reads (0 before anything; the draft reads live until its first
   * event): the lock's event stream tells open admin screens when either moves, so a restore or save
   * made elsewhere reaches editors (issue 25) and a publish or rollback reaches every admin's shell.
   */
  async stageVersions(): Promise<{ draft: number; live: number }> {
    const { rows } = await this.db.query<{ stage: string; version: number | string }>(`SELECT stage, version FROM ${qualified(LIVE_SCHEMA, 'site_settings')}`);
    const version = (stage: string) => {
      const row = rows.find((r) => r.stage === stage);
      return row ? Number(row.version) : null;
    };
    const live = version('live') ?? 0;
    return { draft: version('draft') ?? live, live };
  }

  /**
   * What the snapshot lists show has moved when any of these has: how many snapshots there are
   * (a delete), the newest one's position (a save) and the latest publish of one (its status). The
   * lock's event stream tells open editors, so a list on screen follows a save or delete made by
   * another admin or in another tab.
   */
  async snapshotListState(): Promise<SnapshotListState> {
    const { rows } = await this.db.query<{ count: number | string; newest: number | string; published: number | string }>(
      `SELECT count(*) AS count, coalesce(max(position), 0) AS newest, coalesce(max(published_position), 0) AS published FROM ${qualified(LIVE_SCHEMA, 'settings_versions')}`,
    );
    const row = rows[0];
    return { count: Number(row?.count ?? 0), newest: Number(row?.newest ?? 0), published: Number(row?.published ?? 0) };
  }

  /**
   * The name an admin signed in with last (issue 25: the lock holder shown by name, email alongside).
   * Sessions keep the provider's name; the event log keeps only emails for lock and draft events.
   * Null when unknown (never signed in here, or the provider gave none); a failed read names nobody.
   */
  async adminName(email: string | null | undefined): Promise<string | null> {
    if (!email) return null;
    try {
      const { rows } = await this.db.query<{ name: string | null }>(
        `SELECT sess->'user'->>'name' AS name FROM auth.sessions
          WHERE lower(sess->'user'->>'email') = lower($1) AND coalesce(sess->'user'->>'name', '') <> ''
          ORDER BY expires_at DESC LIMIT 1`,
        [email],
      );
      return rows[0]?.name?.trim() || null;
    } catch {
      return null;
    }
  }

  /** A lock view with its holder's name added (see adminName). */
  async named(lock: DraftLockView | null): Promise<DraftLockView | null> {
    return lock ? { ...lock, holder_name: await this.adminName(lock.holder_email) } : null;
  }

  /** The lock a site state holds at `now`, with its holder's name: what the lock commands answer with. */
  lockIn(state: SiteState, now: Date): Promise<DraftLockView | null> {
    return this.named(toLockView(activeLock(state, now.toISOString())));
  }

  /** The current lock with its holder's name; an expired one reads as none (takeover is allowed then). */
  async getNamedLock(now: Date = new Date()): Promise<DraftLockView | null> {
    return this.named(await this.getLock(now));
  }

  /** The current lock; an expired one reads as none (takeover is allowed then). */
  async getLock(now: Date = new Date()): Promise<DraftLockView | null> {
    const { rows } = await this.db.query<{ holder_email: string; acquired_at: string | Date; expires_at: string | Date }>(
      `SELECT holder_email, acquired_at, expires_at FROM ${qualified(LIVE_SCHEMA, 'draft_lock')} WHERE id = 'site'`,
    );
    const row = rows[0];
    if (!row) return null;
    const lock = { holder_email: row.holder_email, acquired_at: isoTimestamp(row.acquired_at)!, expires_at: isoTimestamp(row.expires_at)! };
    return Date.parse(lock.expires_at) > now.getTime() ? lock : null;
  }

  /**
   * The calendar feed's SEQUENCE per show key (issue 31), as the projection keeps it with the live
   * row: one small table, never the history. Read once per live version by the feed.
   */
  async showSequences(): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ show_key: string; sequence: number | string }>(
      `SELECT show_key, sequence FROM ${qualified(LIVE_SCHEMA, 'show_sequences')}`,
    );
    return new Map(rows.map((r) => [r.show_key, Number(r.sequence)]));
  }

  /** Newest first (SPEC §9: the list shows 20). */
  async listVersions(options: { limit?: number; stage?: string } = {}): Promise<SettingsVersionView[]> {
    const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? VERSION_LIST_DEFAULT_LIMIT)), VERSION_LIST_MAX_LIMIT);
    const params: unknown[] = [limit];
    const where = options.stage ? 'WHERE stage = $2' : '';
    if (options.stage) params.push(options.stage);
    const { rows } = await this.db.query<SettingsVersionView & { created_at: string | Date }>(
      `SELECT id, label, stage, status, created_at, author_email FROM ${qualified(LIVE_SCHEMA, 'settings_versions')} ${where}
       ORDER BY position DESC LIMIT $1`,
      params,
    );
    return rows.map((r) => ({ ...r, created_at: isoTimestamp(r.created_at)! }));
  }

  /** One snapshot without its record (issue 25: the answer to a save need not read and parse the whole record back). */
  async getVersionView(id: string): Promise<SettingsVersionView | null> {
    const { rows } = await this.db.query<SettingsVersionView & { created_at: string | Date }>(
      `SELECT id, label, stage, status, created_at, author_email FROM ${qualified(LIVE_SCHEMA, 'settings_versions')} WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    return row ? { ...row, created_at: isoTimestamp(row.created_at)! } : null;
  }

  async getVersion(id: string): Promise<SettingsVersionWithSettings | null> {
    const { rows } = await this.db.query<SettingsVersionWithSettings & { created_at: string | Date }>(
      `SELECT id, label, stage, status, created_at, author_email, settings FROM ${qualified(LIVE_SCHEMA, 'settings_versions')} WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    return row ? { ...row, created_at: isoTimestamp(row.created_at)! } : null;
  }

  private onNotify(payload: string): void {
    const [schema, stage, version] = payload.split(':');
    // Replay builds aside in another schema and notifies too; only the served schema matters. After
    // LISTEN_RESUMED a publish may have gone unheard: ask, as for a notified one.
    if (payload !== LISTEN_RESUMED && (schema !== LIVE_SCHEMA || stage !== 'live' || this.live?.version === Number(version))) return;
    this.stale = true;
    // Refresh now rather than on the next visitor, so listeners (page caches) rebuild right after a publish.
    this.getLive().catch((error: unknown) => this.logger.warn(`live settings refresh failed: ${String(error)}`));
  }

  private async refreshLive(): Promise<LiveSnapshot> {
    const started = Date.now();
    this.stale = false;
    const known = this.live;
    let rows: StageRow[];
    try {
      // Cheap when nothing changed: the row only comes back when its version differs from ours.
      // Visitors wait on this check once a publish (or LISTEN_RESUMED) made the copy stale: a
      // connection the network swallowed must not hold them until the kernel gives up on it.
      ({ rows } = await this.db.queryWithin<StageRow>(
        LIVE_CHECK_DEADLINE_MS,
        `SELECT settings, updated_at, version FROM ${qualified(LIVE_SCHEMA, 'site_settings')} WHERE stage = 'live' AND version <> $1`,
        [known?.version ?? -1],
      ));
    } catch (error) {
      // DESIGN §14: the public site outlives its database. Serve the last good copy (nothing newer
      // can have been published while the database is away) and ask again a second later.
      if (!known) throw error;
      this.checkedAt = started;
      if (started - this.outageLoggedAt > OUTAGE_LOG_EVERY_MS) {
        this.outageLoggedAt = started;
        this.logger.warn(`live settings: the database did not answer, serving version ${known.version} from memory: ${String(error)}`);
      }
      return known;
    }
    this.checkedAt = started;
    if (known && rows.length === 0) return known;
    const stage = toStage(rows[0], 'public');
    const snapshot: LiveSnapshot = {
      ...stage,
      json: JSON.stringify(visitorSettings(stage.settings)),
      etag: `"live-${stage.version}"`,
      adminJson: JSON.stringify(stage.settings),
      adminEtag: `"live-${stage.version}-admin"`,
    };
    this.live = snapshot;
    if (known?.version !== snapshot.version) {
      for (const listener of this.liveListeners) {
        try {
          listener(snapshot);
        } catch (error) {
          this.logger.error(`live settings listener failed: ${String(error)}`);
        }
      }
    }
    return snapshot;
  }
}

function toStage(row: StageRow | undefined, reading: SettingsReading): StageSettings {
  const updatedAt = row ? isoTimestamp(row.updated_at) : null;
  const settings = normaliseSettings(row?.settings ?? {}, reading);
  settings.updated_at = updatedAt;
  return { settings, version: row ? Number(row.version) : 0, updatedAt };
}
