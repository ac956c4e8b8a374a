import type { Migration } from '../../platform/database/migrations';

/** Server-side sessions (DESIGN §8) in their own schema; the rows are not events and not read models. */
export const sessionsMigration: Migration = {
  id: '0100_auth_sessions',
  sql: `
CREATE SCHEMA IF NOT EXISTS auth;
CREATE TABLE IF NOT EXISTS auth.sessions (
  sid text PRIMARY KEY,
  sess jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_expires_at ON auth.sessions (expires_at);
`,
};
