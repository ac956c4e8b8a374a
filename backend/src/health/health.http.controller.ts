import { Controller, Get, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { EventStore } from '@punchline/domain';
import type { Database, Projector } from '@punchline/projections';
import { DATABASE, EVENT_STORE, PROJECTOR, RUNTIME } from '../platform/platform.module';
import type { Runtime } from '../platform/runtime';
import { Public } from '../platform/http/public.decorator';
import { Reactor } from '../platform/event-sourcing/reactor-loop';
import { MEDIA_STORAGE, MEDIA_STORAGE_IDENTITY, type MediaStorage, type StorageIdentity, probeStorage } from '../media';
import { BackupService } from '../backup';
import { DATABASE_READ_ONLY_TEXT } from '../platform/database/database-unavailable';

const STORAGE_PROBE_EVERY_MS = 5_000;

@ApiTags('health')
@Controller('api/health')
export class HealthHttpController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTOR) private readonly projector: Projector,
    @Inject(MEDIA_STORAGE_IDENTITY) private readonly storage: StorageIdentity,
    @Inject(MEDIA_STORAGE) private readonly media: MediaStorage,
    private readonly discovery: DiscoveryService,
    // Optional: tests build this controller around a bare store and projector, without a runtime.
    @Optional() @Inject(RUNTIME) private readonly runtime?: Runtime,
    // Optional for the same reason.
    @Optional() @Inject(BackupService) private readonly backups?: BackupService,
  ) {}

  /**
   * The library's probe, at most one every 5 s (callers in between share it): health is public, and
   * on S3 each probe is a request to the bucket, which a flood of health checks must not multiply.
   */
  private storageProbe(): Promise<Awaited<ReturnType<typeof probeStorage>>> {
    const now = Date.now();
    if (!this.probed || now - this.probed.at >= STORAGE_PROBE_EVERY_MS) this.probed = { at: now, result: probeStorage(this.media) };
    return this.probed.result;
  }
  private probed: { at: number; result: ReturnType<typeof probeStorage> } | null = null;

  /** Every reactor of this app (found, so one added later is listed too): whether this instance runs it now. */
  private reactors(): Record<string, { leader: boolean }> {
    const out: Record<string, { leader: boolean }> = {};
    for (const wrapper of this.discovery.getProviders()) {
      if (wrapper.instance instanceof Reactor) out[wrapper.instance.constructor.name] = { leader: wrapper.instance.isLeader };
    }
    return out;
  }

  /**
   * 200 when the database and event store answer; projector lag is reported, not judged. On
   * EventStoreDB positions are log offsets (lag is in bytes) and the leader reports its wake-up
   * subscription: how far it is behind the head and how long the last event took to arrive.
   * `storage` is the media library this instance serves (kind and id; DESIGN §18) and whether it answers, and
   * `reactors` says which background work this instance leads now.
   */
  @Public()
  @Get()
  @ApiOkResponse({ description: 'database, event store and projector status' })
  async health(@Res() res: Response): Promise<void> {
    const [database, eventStore, projector, logTree, backups, media] = await Promise.all([
      // Answering is not enough: a database that takes no writes (a standby after a failover) refuses every save.
      // Within 5 s: a connection the network swallowed would hold the probe, and a pool connection, for minutes.
      this.db.queryWithin<{ read_only: string }>(5_000, `SELECT current_setting('transaction_read_only') AS read_only`).then(
        ({ rows }) => (rows[0]?.read_only === 'on' ? { ok: false, kind: this.db.kind, error: DATABASE_READ_ONLY_TEXT } : { ok: true, kind: this.db.kind }),
        (e: Error) => ({ ok: false, kind: this.db.kind, error: e.message }),
      ),
      this.store.headPosition().then((head) => ({ ok: true, kind: this.store.kind, head }), (e: Error) => ({ ok: false, kind: this.store.kind, error: e.message })),
      this.projector.lag().then(
        (l) => ({ ok: true, leader: this.projector.isLeader, checkpoint: l.checkpoint, head: l.head, lag: l.head - l.checkpoint, subscription: l.subscription }),
        (e: Error) => ({ ok: false, error: e.message }),
      ),
      // Issue 27: the tree's size, and how far the start-up build for stored events got.
      this.runtime?.logTree.size().then(
        (size) => ({ ok: true, size, catch_up: this.runtime!.logTree.catchUpProgress }),
        (e: Error) => ({ ok: false, error: e.message }),
      ),
      // Issue 29: the last backup's age; 'degraded' past twice BACKUP_EVERY (the site still serves: 200).
      this.backups?.status().then(
        (s) => ({ status: s.status, last_at: s.last?.createdAt ?? null, age_seconds: s.age_seconds, every_seconds: s.every_seconds }),
        (e: Error) => ({ status: 'degraded' as const, error: e.message }),
      ),
      // The media library: down means broken images and refused uploads, while the pages still serve (200).
      this.storageProbe(),
    ]);
    const ok = database.ok && eventStore.ok;
    const status = ok && backups?.status !== 'degraded' && media.ok ? 'ok' : 'degraded';
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json({
      status,
      database,
      eventStore,
      projector,
      logTree,
      backups,
      storage: { kind: this.storage.kind, id: this.storage.id, ...media },
      reactors: this.reactors(),
    });
  }
}
