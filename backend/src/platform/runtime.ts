import pino from 'pino';
import type { EventStore } from '@punchline/domain';
import { Projector, allProjections, ensureReadModels, type Database } from '@punchline/projections';
import type { AppConfig } from './config/config';
import { openDatabase } from './database/open-database';
import { migrate } from './database/migrations';
import { createEventStore, eventStoreMigrations, storeProjections } from './event-store/create-event-store';
import type { LogIntegrity } from './event-store/hash-chain';
import { privacyStoreMigration } from '../privacy/privacy-store.migration';
import { privacyEraserProjection } from '../privacy/privacy-eraser.projection';
import { moveLegacyPersonalDataOutOfLog } from '../privacy/legacy-personal-data.migration';

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
  close(): Promise<void>;
}

export async function openRuntime(config: AppConfig, options: { db?: Database; runProjector?: boolean } = {}): Promise<Runtime> {
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db, [...eventStoreMigrations, privacyStoreMigration]);
  // The store and the projector run outside Nest; their failures must still be visible in the logs.
  const root = pino({ level: config.logLevel });
  // DESIGN §16: first-release messages leave the log before anything reads it (ARCHITECTURE
  // "Forgetting a person"); it marks the read models that held them for the rebuild below.
  if (config.eventStore === 'postgres') {
    const moved = await moveLegacyPersonalDataOutOfLog(db);
    if (moved) root.child({ context: 'privacy' }).warn(moved, 'moved personal data of first-release events out of the log (chain recomputed; see PersonalDataMovedOutOfLog)');
  }
  await ensureReadModels(db, allProjections());
  const store = createEventStore(config, db, { logger: root.child({ context: 'event-store' }) });
  const logger = root.child({ context: 'projector' });
  const projector = new Projector({ db, store, projections: [...allProjections(), ...storeProjections(store), privacyEraserProjection], logger });
  if (options.runProjector !== false) await projector.start();
  let closed = false;
  return {
    config,
    db,
    store,
    integrity: store,
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
