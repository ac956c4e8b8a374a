import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Database } from '@punchline/projections';
import { CONFIG, DATABASE } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';
import { migrate } from '../../platform/database/migrations';
import { DatabaseSessionStore } from './database-session.store';
import { sessionsMigration } from './sessions.migration';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from './session-timeout';

const PRUNE_EVERY_MS = 15 * 60_000;

/** Owns the session table: migrates it at start-up and prunes expired rows now and then. */
@Injectable()
export class SessionStoreService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('sessions');
  readonly store: DatabaseSessionStore;
  private pruneTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(CONFIG) config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
  ) {
    this.store = new DatabaseSessionStore(db, { fallbackTtlMs: () => (config.sessionTimeoutMinutes ?? DEFAULT_SESSION_TIMEOUT_MINUTES) * 60_000 });
  }

  async onModuleInit(): Promise<void> {
    await migrate(this.db, [sessionsMigration]);
    this.pruneTimer = setInterval(() => {
      this.store.prune().catch((e: Error) => this.logger.warn(`Pruning expired sessions failed: ${e.message}`));
    }, PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }
}
