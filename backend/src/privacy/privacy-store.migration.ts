import type { Migration } from '../platform/database/migrations';

/**
 * The privacy store (DESIGN §16, ARCHITECTURE "Forgetting a person"): personal data of contact
 * messages, outside the hash-chained log, in tables of its own so a backup can carry them beside the
 * log and an erasure can delete them. Every payload is AES-256-GCM ciphertext under its subject's key
 * (`subject_keys`), so the words never reach a data file or the WAL in clear; erasing a subject
 * deletes its records and its key. `subjects` maps an address to its opaque id by a keyed hash
 * (HMAC-SHA256 under `lookup_key`), never the address itself, and stays after an erasure so that a
 * repeated erase answers the same.
 */
export const privacyStoreMigration: Migration = {
  id: '0280_privacy_store',
  sql: `
CREATE SCHEMA IF NOT EXISTS privacy;
CREATE TABLE privacy.lookup_key (
  id int PRIMARY KEY CHECK (id = 1),
  key bytea NOT NULL
);
CREATE TABLE privacy.subjects (
  subject_id uuid PRIMARY KEY,
  email_lookup bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE privacy.subject_keys (
  subject_id uuid PRIMARY KEY REFERENCES privacy.subjects (subject_id),
  key bytea NOT NULL
);
CREATE TABLE privacy.records (
  record_id uuid PRIMARY KEY,
  subject_id uuid NOT NULL REFERENCES privacy.subjects (subject_id),
  message_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('message', 'notes')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sealed bytea NOT NULL
);
CREATE INDEX records_subject_idx ON privacy.records (subject_id);
CREATE INDEX records_message_idx ON privacy.records (message_id);
-- Bookkeeping of the start-up migration (legacy-personal-data.migration.ts): log positions already
-- checked for first-release events, so a start-up reads only what was appended since.
CREATE TABLE privacy.log_migration (
  id int PRIMARY KEY CHECK (id = 1),
  checked_through bigint NOT NULL
);
`,
};
