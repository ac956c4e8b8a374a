/**
 * Free-text search over read models (`q` of the audit log and the inbox): one text expression per
 * table, indexed with a trigram GIN index, so `ILIKE '%word%'` finds rare words through the index
 * instead of reading every row (issue 15: a million-event log). The read side must use exactly
 * the same expression text as the index, so both take it from here.
 */

import type { SqlClient } from './ports/database.port';

/**
 * Creates a trigram GIN index on `expression` where the database has pg_trgm (PostgreSQL: a
 * trusted extension since 13). PGlite as published here lacks it: there the search reads every
 * row, which is what the embedded, small-site default can afford.
 */
export async function ensureTrigramIndex(tx: SqlClient, name: string, table: string, expression: string): Promise<void> {
  const { rows } = await tx.query<{ available: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available`);
  if (!rows[0]?.available) return;
  await tx.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await tx.query(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} USING gin (${expression} gin_trgm_ops)`);
}

/** What `q` is matched against in rm.audit_log. */
export const AUDIT_SEARCH_TEXT = `(action || ' ' || coalesce(actor_email, '') || ' ' || meta::text)`;

/** What `q` is matched against in rm.contact_responses. */
export const CONTACT_SEARCH_TEXT = `(name || ' ' || email || ' ' || message || ' ' || notes)`;

/** `q` as an ILIKE pattern that matches it literally anywhere (%, _ and \ are escaped). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
