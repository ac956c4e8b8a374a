import pino from 'pino';
import type { EventStore } from '@punchline/domain';
import { Projector, allProjections, ensureReadModels, type Database } from '@punchline/projections';
import type { AppConfig } from './config/config';
import { openDatabase } from './database/open-database';
import { migrate } from './database/migrations';
import { createEventStore, eventStoreMigrations, storeProjections } from './event-store/create-event-store';
import type { LogIntegrity } from './event-store/hash-chain';
import { sharedStateMigration } from './shared-state/shared-state.migration';
import { sharedSessionSecret } from './shared-state/shared-session-secret';

/**
 * Everything a process needs before Nest starts: the database (migrated), the event store and the
 * projector. Built outside Nest so tests and CLIs compose the same parts.
 */
export interface Runtime {
  config: AppConfig;
  db: Database;
  store: EventStore;
  /** The store's hash-chain verification (`npm run verify`, the audit verify endpoint). */
  integrity: LogIntegrity;
  projector: Projector;
  /** SESSION_SECRET, or the one every instance on this database shares (DESIGN §18). */
  sessionSecret: string;
  close(): Promise<void>;
}

export async function openRuntime(config: AppConfig, options: { db?: Database; runProjector?: boolean } = {}): Promise<Runtime> {
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db, eventStoreMigrations);
  await migrate(db, [sharedStateMigration]);
  const sessionSecret = config.sessionSecret ?? (await sharedSessionSecret(db, config.dataDir));
  await ensureReadModels(db, allProjections());
  // The store and the projector run outside Nest; their failures must still be visible in the logs.
  const root = pino({ level: config.logLevel });
  const store = createEventStore(config, db, { logger: root.child({ context: 'event-store' }) });
  const logger = root.child({ context: 'projector' });
  // Another instance takes over within about a second when the leading one stops (DESIGN §18).
  const projector = new Projector({ db, store, projections: [...allProjections(), ...storeProjections(store)], logger, leaderRetryMs: 1_000 });
  if (options.runProjector !== false) await projector.start();
  let closed = false;
  return {
    config,
    db,
    store,
    integrity: store,
    projector,
    sessionSecret,
    async close() {
      if (closed) return;
      closed = true;
      await projector.stop();
      await store.close();
      if (!options.db) await db.close();
    },
  };
}
