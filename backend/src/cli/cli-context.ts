import type { EventStore } from '@punchline/domain';
import { allProjections, ensureReadModels, type Database, type Projection } from '@punchline/projections';
import { migrate } from '../platform/database/migrations';
import { openDatabase } from '../platform/database/open-database';
import { createEventStore } from '../platform/event-store/create-event-store';
import { eventStoreMigration } from '../platform/event-store/postgres-event-store';
import type { CliConfig } from './cli-config';

export interface CliContext {
  config: CliConfig;
  db: Database;
  store: EventStore;
  projections: Projection[];
  close(): Promise<void>;
}

/** Opens the database and event store the app uses, with every migration applied (event store and read models). */
export async function openCliContext(config: CliConfig): Promise<CliContext> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db, [eventStoreMigration]);
    const projections = allProjections();
    await ensureReadModels(db, projections);
    const store = createEventStore(config, db);
    return {
      config,
      db,
      store,
      projections,
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
