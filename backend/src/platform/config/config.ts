import { resolve } from 'node:path';
import { z } from 'zod';
import { eventStoreConnectionStringSchema } from '../event-store/create-event-store';
import { parseSignerKey, type NoteSigner } from '../log-tree/signed-note';

/**
 * The environment contract of DESIGN §10, parsed once at start-up. A bad value stops start-up
 * with a message naming the variable (DESIGN §12.7).
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string').optional(),
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTORE_CONNECTION_STRING: eventStoreConnectionStringSchema.optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).default('media'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool.default(false),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  DEV_SIGN_IN: bool.optional(),
  ADMIN_EMAILS: z.string().default(''),
  AUDITOR_EMAILS: z.string().default(''),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).optional(),
  SIGN_IN_REFUSAL_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  CONTACT_TO: z.email().optional(),
  /** DESIGN §16: erase contact messages older than this many days (unset: keep them). */
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_DOCS: bool.optional(),
  // Scheduled backups (issue 29): a folder or s3://bucket/prefix, how often, how many to keep, and a passphrase to encrypt them.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY: z.string().regex(/^\d+(m|h|d)$/, 'must be a duration such as 30m, 24h or 7d').default('24h'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_PASSPHRASE: z.string().min(12, 'must be at least 12 characters').optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?))*)$/, 'must be a hop count, loopback/linklocal/uniquelocal, or comma-separated addresses/CIDRs')
    .default('loopback'),
  // Log tree (issue 27): the checkpoint signing key (Go note signer format) and an optional witness.
  LOG_SIGNING_KEY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      try {
        parseSignerKey(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  CHECKPOINT_WITNESS_URL: z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL').optional(),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  /** OpenAPI at /api/docs: on outside production, off in production unless API_DOCS=true. */
  apiDocs: boolean;
  /** Express `trust proxy`: which hops may set X-Forwarded-For (a hop count or a list of names/addresses). */
  trustProxy: number | string[];
  port: number;
  host: string;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl?: string;
  eventStore: 'postgres' | 'eventstoredb';
  eventStoreConnectionString?: string;
  storage: { kind: 'local' | 's3'; bucket: string; endpoint?: string; region: string; forcePathStyle: boolean; accessKeyId?: string; secretAccessKey?: string };
  google: { clientId?: string; clientSecret?: string; authorizationUrl: string; tokenUrl: string; userInfoUrl: string };
  devSignIn: boolean;
  adminEmails: string[];
  /** AUDITOR_EMAILS (issue 27): read-only auditors, fixed; lower-cased. */
  auditorEmails: string[];
  /** SESSION_SECRET; unset outside production, the runtime then takes the database's shared one (DESIGN §18). */
  sessionSecret?: string;
  sessionTimeoutMinutes?: number;
  /** Refused sign-ins per email in 10 minutes (three times as many per client address); issue 24. */
  signInRefusalLimit: number;
  smtpUrl?: string;
  contactTo?: string;
  /** Contact messages older than this many days are erased by the retention reactor; undefined keeps them. */
  contactRetentionDays?: number;
  logLevel: string;
  /** Issue 27: LOG_SIGNING_KEY parsed (null: the key kept in the database), and where new checkpoints are POSTed. */
  logSigningKey: NoteSigner | null;
  checkpointWitnessUrl?: string;
  /** Scheduled backups (issue 29); `dir` unset: none are taken ('Back up now' says so). */
  backup: { dir?: string; everyMs: number; keep: number; passphrase?: string };
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every bad variable. */
/** The configuration, or null after `report` was told why not (a ConfigError); other errors are thrown. */
export function loadConfigOrReport(report: (message: string) => void, env: NodeJS.ProcessEnv = process.env): AppConfig | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    report(error.message);
    return null;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "unset": compose files and shells often export VAR= .
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const missing: string[] = [];
  if (production && !e.SESSION_SECRET) missing.push('SESSION_SECRET (required in production)');
  if (production && !e.GOOGLE_CLIENT_ID) missing.push('GOOGLE_CLIENT_ID (required in production)');
  if (production && !e.GOOGLE_CLIENT_SECRET) missing.push('GOOGLE_CLIENT_SECRET (required in production)');
  if (production && e.DEV_SIGN_IN) missing.push('DEV_SIGN_IN (development sign-in is refused in production)');
  if (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) missing.push('GOOGLE_CLIENT_SECRET (GOOGLE_CLIENT_ID is set)');
  if (e.EVENT_STORE === 'eventstoredb' && !e.EVENTSTORE_CONNECTION_STRING) missing.push('EVENTSTORE_CONNECTION_STRING (EVENT_STORE=eventstoredb)');
  if (e.STORAGE === 's3' && !e.S3_ENDPOINT && !e.AWS_ACCESS_KEY_ID) missing.push('AWS_ACCESS_KEY_ID or S3_ENDPOINT (STORAGE=s3)');
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);

  const dataDir = resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    production,
    apiDocs: e.API_DOCS ?? !production,
    trustProxy: /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY.split(',').map((s) => s.trim()),
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    eventStore: e.EVENT_STORE,
    eventStoreConnectionString: e.EVENTSTORE_CONNECTION_STRING,
    storage: {
      kind: e.STORAGE,
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      accessKeyId: e.AWS_ACCESS_KEY_ID,
      secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
    },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      userInfoUrl: e.GOOGLE_USERINFO_URL,
    },
    devSignIn: !production && (e.DEV_SIGN_IN ?? !e.GOOGLE_CLIENT_ID),
    adminEmails: e.ADMIN_EMAILS.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0),
    auditorEmails: e.AUDITOR_EMAILS.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0),
    sessionSecret: e.SESSION_SECRET,
    sessionTimeoutMinutes: e.SESSION_TIMEOUT_MINUTES,
    signInRefusalLimit: e.SIGN_IN_REFUSAL_LIMIT,
    smtpUrl: e.SMTP_URL,
    contactTo: e.CONTACT_TO,
    contactRetentionDays: e.CONTACT_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    logSigningKey: e.LOG_SIGNING_KEY ? parseSignerKey(e.LOG_SIGNING_KEY) : null,
    checkpointWitnessUrl: e.CHECKPOINT_WITNESS_URL,
    backup: {
      dir: e.BACKUP_DIR === undefined ? undefined : e.BACKUP_DIR.startsWith('s3://') ? e.BACKUP_DIR : resolve(e.BACKUP_DIR),
      everyMs: durationMs(e.BACKUP_EVERY),
      keep: e.BACKUP_KEEP,
      passphrase: e.BACKUP_PASSPHRASE,
    },
  };
}

/** '30m', '24h', '7d' → milliseconds (the schema has checked the shape). */
function durationMs(text: string): number {
  const n = Number(text.slice(0, -1));
  return n * { m: 60_000, h: 3_600_000, d: 86_400_000 }[text.slice(-1) as 'm' | 'h' | 'd'];
}
