import pino from 'pino';
import type { EventStore } from '@punchline/domain';
import { Projector, allProjections, ensureReadModels, type Database } from '@punchline/projections';
import type { AppConfig } from './config/config';
import { openDatabase } from './database/open-database';
import { migrate } from './database/migrations';
import { createEventStore } from './event-store/create-event-store';
import { eventStoreMigration } from './event-store/postgres-event-store';

/**
 * Everything a process needs before Nest starts: the database (migrated), the event store and the
 * projector. Built outside Nest so tests and CLIs compose the same parts.
 */
export interface Runtime {
  config: AppConfig;
  db: Database;
  store: EventStore;
  projector: Projector;
  close(): Promise<void>;
}

export async function openRuntime(config: AppConfig, options: { db?: Database; runProjector?: boolean } = {}): Promise<Runtime> {
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db, [eventStoreMigration]);
  await ensureReadModels(db, allProjections());
  const store = createEventStore(config, db);
  // The projector runs outside Nest; a failing projection must still be visible in the logs.
  const logger = pino({ level: config.logLevel }).child({ context: 'projector' });
  const projector = new Projector({ db, store, projections: allProjections(), logger });
  if (options.runProjector !== false) await projector.start();
  let closed = false;
  return {
    config,
    db,
    store,
    projector,
    async close() {
      if (closed) return;
      closed = true;
      await projector.stop();
      await store.close();
      if (!options.db) await db.close();
    },
  };
}
