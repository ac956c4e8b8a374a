import type { EventStore } from '@punchline/domain';
import { allProjections, ensureReadModels, type Database, type Projection, type LogIntegrity } from '@punchline/projections';
import pino from 'pino';
import { migrate } from '../platform/database/migrations';
import { openDatabase } from '../platform/database/open-database';
import { createEventStore, eventStoreMigrations, storeProjections } from '../platform/event-store/create-event-store';
import type { CliConfig } from './cli-config';

export interface CliContext {
  config: CliConfig;
  db: Database;
  store: EventStore;
  /** The store's hash-chain verification (either store). */
  integrity: LogIntegrity;
  /** The read models: what replay rebuilds and compares. */
  projections: Projection[];
  /** What the store needs the projector's leader to run as well (the EventStoreDB log digest); never replayed. */
  storeProjections: Projection[];
  close(): Promise<void>;
}

/** Opens the database and event store the app uses, with every migration applied (event store and read models). */
export async function openCliContext(config: CliConfig): Promise<CliContext> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, forCommand: true });
  try {
    await migrate(db, eventStoreMigrations);
    const projections = allProjections();
    await ensureReadModels(db, projections);
    const logger = pino({ level: config.logLevel, base: { pid: process.pid } }).child({ context: 'event-store' });
    const store = createEventStore(config, db, { logger });
    return {
      config,
      db,
      store,
      integrity: store,
      projections,
      storeProjections: storeProjections(store),
      async close() {
        await store.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
