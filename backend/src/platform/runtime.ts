import pino from 'pino';
import type { EventStore } from '@punchline/domain';
import { Projector, allProjections, ensureReadModels, type Database, type LogIntegrity } from '@punchline/projections';
import type { AppConfig } from './config/config';
import { openDatabase } from './database/open-database';
import { migrate } from './database/migrations';
import { createEventStore, eventStoreMigrations, leafSourceFor, storeProjections } from './event-store/create-event-store';
import { LogTree } from './log-tree/log-tree';
import { CheckpointWitness } from './log-tree/checkpoint-witness';
import { sharedStateMigration } from './shared-state/shared-state.migration';
import { sharedSessionSecret } from './shared-state/shared-session-secret';
import { moveLegacyPersonalDataOutOfLog, privacyEraserProjection, privacyStoreMigration } from '../privacy/core';

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
  /** The Merkle tree over the log, its signer, checkpoints and proofs (DESIGN §15). */
  logTree: LogTree;
  close(): Promise<void>;
}

export async function openRuntime(config: AppConfig, options: { db?: Database; runProjector?: boolean } = {}): Promise<Runtime> {
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db, [...eventStoreMigrations, privacyStoreMigration]);
  await migrate(db, [sharedStateMigration]);
  const sessionSecret = config.sessionSecret ?? (await sharedSessionSecret(db, config.dataDir));
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
  const logTree = await LogTree.open(db, leafSourceFor(store), { signer: config.logSigningKey ?? undefined, keyName: logKeyName(config.publicBaseUrl) });
  // The privacy migration above may have discarded the tree from its first rewritten position on
  // (DESIGN §16): the catch-up rebuilds it from there.
  await catchUpLogTree(logTree, root.child({ context: 'log-tree' }));
  const logger = root.child({ context: 'projector' });
  // Another instance takes over within about a second when the leading one stops (DESIGN §18).
  const projector = new Projector({ db, store, projections: [...allProjections(), ...storeProjections(store), privacyEraserProjection], logger, leaderRetryMs: 1_000 });
  if (options.runProjector !== false) await projector.start();
  const witness = config.checkpointWitnessUrl ? new CheckpointWitness(config.checkpointWitnessUrl, logTree, root.child({ context: 'checkpoint-witness' })) : null;
  witness?.start();
  let closed = false;
  return {
    config,
    db,
    store,
    integrity: store,
    projector,
    sessionSecret,
    logTree,
    async close() {
      if (closed) return;
      closed = true;
      witness?.stop();
      await projector.stop();
      await store.close();
      if (!options.db) await db.close();
    },
  };
}

/** The checkpoint origin and key name of a generated key: the site's host, so checkpoints say whose log they are. */
export function logKeyName(publicBaseUrl: string): string {
  return `${new URL(publicBaseUrl).host}/punchline-log`;
}

/** Builds the tree for events already stored (an existing log's first start), with progress in the log. */
async function catchUpLogTree(logTree: LogTree, logger: pino.Logger): Promise<void> {
  const started = Date.now();
  let lastReport = started;
  const done = await logTree.catchUp((progress) => {
    if (!progress.done && Date.now() - lastReport < 2000) return;
    lastReport = Date.now();
    if (progress.size > progress.from) logger.info({ from: progress.from, size: progress.size, done: progress.done }, 'building the log tree for stored events');
  });
  if (done.problem) logger.error({ size: done.size }, done.problem);
  if (done.size > done.from) logger.info({ leaves: done.size - done.from, size: done.size, ms: Date.now() - started }, 'log tree caught up');
}
