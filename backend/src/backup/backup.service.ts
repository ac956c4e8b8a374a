import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DomainError } from '@punchline/domain';
import { MEDIA_STORAGE, type MediaStorage } from '../media';
import { Clock, IdSource } from '../platform/event-sourcing/clock';
import { Reactor } from '../platform/event-sourcing/reactor-loop';
import type { AdminIssuer } from '../platform/http/request-context';
import { RUNTIME } from '../platform/platform.module';
import type { Runtime } from '../platform/runtime';
import { ensureBackupTables } from './backup.migration';
import { backupName, openBackupTarget, type BackupTarget, type StoredBackup } from './backup-targets';
import { checkpointFromTree, writeBackupFile } from './backup-writer';
import { registeredSideStores } from './side-stores';
import { appVersion } from './app-version';

/** Session advisory lock of the one instance that takes scheduled backups (715011–715013 are taken). */
export const BACKUP_LEADER_LOCK = 715029;

/** The audit event of a backup an admin asked for ('Back up now'). */
export const BACKUP_STREAM = 'backups';

export interface BackupStatus {
  configured: boolean;
  /** BACKUP_DIR as configured (a folder or s3://bucket/prefix). */
  target: string | null;
  every_seconds: number;
  keep: number;
  encrypted: boolean;
  last: StoredBackup | null;
  age_seconds: number | null;
  /** 'degraded' past twice the interval (or when none was taken within twice the interval of start-up). */
  status: 'ok' | 'degraded' | 'off';
}

/**
 * Scheduled backups by one instance (issue 29): a reactor on the shared ReactorLoop with its own
 * advisory lock. Each pass looks at the newest kept backup (their names carry the time taken, so
 * every instance and a restart agree on when the next one is due), takes one when due, and keeps
 * the newest BACKUP_KEEP. 'Back up now' takes one at once on the instance that was asked, audited.
 */
@Injectable()
export class BackupService extends Reactor implements OnApplicationBootstrap, OnModuleDestroy {
  private target: BackupTarget | null | undefined;
  private running: Promise<StoredBackup> | null = null;
  private listed: { at: number; backups: StoredBackup[] } | null = null;
  private readonly startedAt = Date.now();

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly clock: Clock,
    private readonly ids: IdSource,
  ) {
    // Due by the clock: a pass on every projector batch would list BACKUP_DIR (an S3 LIST) for nothing.
    super(runtime.db, BACKUP_LEADER_LOCK, new Logger('backups'), Math.min(runtime.config.backup.everyMs, 3_600_000), { wakeOnLog: false });
  }

  override async onApplicationBootstrap(): Promise<void> {
    await ensureBackupTables(this.runtime.db);
    if (this.runtime.config.backup.dir) super.onApplicationBootstrap();
  }

  private async openTarget(): Promise<BackupTarget | null> {
    if (this.target === undefined) this.target = await openBackupTarget(this.runtime.config);
    return this.target;
  }

  protected async pass(): Promise<number | null> {
    const target = await this.openTarget();
    if (!target) return null;
    const every = this.runtime.config.backup.everyMs;
    const [newest] = await this.list();
    const due = newest ? Date.parse(newest.createdAt) + every : 0;
    const now = this.clock.now().getTime();
    if (now < due) return due - now;
    await this.take(null);
    return every;
  }

  /** Kept backups, newest first (read again at most every 10 s for health checks). */
  async list(fresh = true): Promise<StoredBackup[]> {
    const target = await this.openTarget();
    if (!target) return [];
    if (!fresh && this.listed && Date.now() - this.listed.at < 10_000) return this.listed.backups;
    const backups = await target.list();
    this.listed = { at: Date.now(), backups };
    return backups;
  }

  /**
   * Takes a backup now into BACKUP_DIR and prunes the old ones. `actor`: an admin asked for it
   * ('Back up now'), which is recorded in the log (BackupTaken) like every other admin action.
   */
  async take(actor: AdminIssuer | null): Promise<StoredBackup> {
    const target = await this.openTarget();
    if (!target) throw new DomainError('CONFLICT', 'Backups are not set up: set BACKUP_DIR (a folder or s3://bucket/prefix) and restart.');
    // One at a time in this process: a second request waits for the one under way and gets its result.
    if (this.running) return this.running;
    this.running = this.takeInto(target, actor).finally(() => (this.running = null));
    return this.running;
  }

  private async takeInto(target: BackupTarget, actor: AdminIssuer | null): Promise<StoredBackup> {
    const { backup } = this.runtime.config;
    const at = this.clock.now();
    const name = backupName(at, backup.passphrase !== undefined);
    const local = target.description.startsWith('s3://') ? await mkdtemp(join(tmpdir(), 'punchline-backup-')) : target.description;
    const started = Date.now();
    try {
      const result = await writeBackupFile(
        { db: this.runtime.db, store: this.runtime.store, storage: this.storage, sideStores: registeredSideStores(), checkpointAt: this.runtime.store.kind === 'postgres' ? checkpointFromTree(this.runtime.logTree) : undefined },
        join(local, name),
        { appVersion: appVersion(), passphrase: backup.passphrase, now: () => at },
      );
      if (local !== target.description) await target.keep(join(local, name), name);
      const taken: StoredBackup = { name, size: result.bytes, createdAt: at.toISOString() };
      this.logger.log(`backup ${name}: ${result.manifest.event_count} events, ${result.manifest.media.files} media files, ${result.bytes} bytes in ${Date.now() - started} ms`);
      if (actor) {
        await this.runtime.store.append(
          BACKUP_STREAM,
          [
            {
              eventId: this.ids.next(),
              type: 'BackupTaken',
              data: { name, size: result.bytes, position: result.manifest.head?.position ?? 0, head_hash: result.manifest.head?.hash ?? '', media_files: result.manifest.media.files, target: target.description },
              metadata: { actorEmail: actor.actorEmail, correlationId: actor.correlationId, causationId: actor.causationId ?? null, occurredAt: at.toISOString() },
            },
          ],
          { expectedRevision: 'any' },
        );
      }
      await this.prune(target);
      return taken;
    } finally {
      if (local !== target.description) await rm(local, { recursive: true, force: true });
    }
  }

  private async prune(target: BackupTarget): Promise<void> {
    const backups = await this.list();
    for (const old of backups.slice(this.runtime.config.backup.keep)) await target.delete(old.name);
    this.listed = null;
  }

  async open(name: string) {
    const target = await this.openTarget();
    return target ? target.read(name) : null;
  }

  /** For GET /api/health and the panel: the last backup's age, `degraded` past twice the interval. */
  async status(): Promise<BackupStatus> {
    const { backup } = this.runtime.config;
    const target = await this.openTarget();
    const base = { target: target?.description ?? null, every_seconds: backup.everyMs / 1000, keep: backup.keep, encrypted: backup.passphrase !== undefined };
    if (!target) return { configured: false, ...base, last: null, age_seconds: null, status: 'off' };
    const [last] = await this.list(false);
    const now = this.clock.now().getTime();
    const age = last ? now - Date.parse(last.createdAt) : null;
    const stale = age === null ? now - this.startedAt > 2 * backup.everyMs : age > 2 * backup.everyMs;
    return { configured: true, ...base, last: last ?? null, age_seconds: age === null ? null : Math.round(age / 1000), status: stale ? 'degraded' : 'ok' };
  }
}
