import type { Migration } from '../database/migrations';

/**
 * What app instances on one database share besides events and read models (DESIGN §18): a few
 * named values (the generated session secret, the media storage's identity) and the rate-limit
 * counters. Neither is an event nor a read model, so both live in a schema of their own.
 */
export const sharedStateMigration: Migration = {
  id: '0300_shared_state',
  sql: `
CREATE SCHEMA IF NOT EXISTS platform;
CREATE TABLE IF NOT EXISTS platform.instance_state (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS platform.rate_limit_counters (
  limiter text NOT NULL,
  key text NOT NULL,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL,
  PRIMARY KEY (limiter, key)
);
CREATE INDEX IF NOT EXISTS rate_limit_counters_reset_at ON platform.rate_limit_counters (reset_at);
`,
};
