import { resolve } from 'node:path';
import { z } from 'zod';
import { eventStoreConnectionStringSchema } from '../platform/event-store/create-event-store';

/**
 * The part of DESIGN §10 the command-line tools need, parsed once and failing loudly with the
 * variable's name. Separate from the app's config: a projector or an auditor's replay needs no
 * session secret or sign-in client.
 */
const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);

const schema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string').optional(),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_CONNECTION_STRING: eventStoreConnectionStringSchema.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROJECTOR_BATCH_SIZE: positiveInt(100_000).default(500),
  PROJECTOR_POLL_MS: positiveInt(600_000).default(1000),
  PROJECTOR_LEADER_RETRY_MS: positiveInt(600_000).default(3000),
  REPLAY_BATCH_SIZE: positiveInt(100_000).default(5000),
});

export interface CliConfig {
  dataDir: string;
  databaseUrl?: string;
  eventStore: 'postgres' | 'eventstoredb';
  eventStoreConnectionString?: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  projector: { batchSize: number; pollMs: number; leaderRetryMs: number };
  replayBatchSize: number;
}

export class CliConfigError extends Error {}

export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  // Empty strings mean "unset", as in the app's config.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new CliConfigError(`Invalid configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.EVENT_STORE === 'eventstoredb' && !e.EVENTSTORE_CONNECTION_STRING) {
    throw new CliConfigError('Invalid configuration:\n  EVENTSTORE_CONNECTION_STRING (EVENT_STORE=eventstoredb)');
  }
  return {
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    eventStore: e.EVENT_STORE,
    eventStoreConnectionString: e.EVENTSTORE_CONNECTION_STRING,
    logLevel: e.LOG_LEVEL,
    projector: { batchSize: e.PROJECTOR_BATCH_SIZE, pollMs: e.PROJECTOR_POLL_MS, leaderRetryMs: e.PROJECTOR_LEADER_RETRY_MS },
    replayBatchSize: e.REPLAY_BATCH_SIZE,
  };
}
