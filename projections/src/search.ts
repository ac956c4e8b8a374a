/**
 * Free-text search over read models (`q` of the audit log and the inbox), issue 15: a million-event
 * log. Each searchable table keeps its text lowercased in a stored generated column `search`, so a
 * search costs one `strpos` per row (measured 3× cheaper than ILIKE over an expression that turns
 * jsonb into text for every row it looks at) and a trigram GIN index on that column finds rare
 * words without reading every row.
 */

import type { SqlClient } from './ports/database.port';

/**
 * Installs pg_trgm where the database has it; false where it does not. Callers that build indexes
 * in several transactions at once call it first: two concurrent CREATE EXTENSION IF NOT EXISTS
 * can collide on pg_extension's unique key.
 */
export async function ensureTrigramExtension(tx: SqlClient): Promise<boolean> {
  const { rows } = await tx.query<{ available: boolean; installed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available, EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS installed`,
  );
  if (!rows[0]?.available) return false;
  if (!rows[0].installed) await tx.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  return true;
}

/**
 * rm.audit_log's search column: what `q` is matched against. `words` (issue 25) holds what the
 * screen shows for the entry (the action in words, the summary, the labels of every field changed),
 * so 'hero title' finds 'Saved the draft: Hero title' as well as the `hero_title` key in meta.
 */
export const AUDIT_SEARCH_COLUMN = `search text GENERATED ALWAYS AS (lower(words || ' ' || action || ' ' || coalesce(actor_email, '') || ' ' || meta::text)) STORED`;

/**
 * A search the trigram index cannot narrow (no three letters or digits in a row: `%`, `_`, `ab`,
 * `x%_x%_…`) would read every row of a million; it looks through the newest rows only, and the
 * answer says so.
 */
export const UNINDEXED_SEARCH_WINDOW = 20_000;

/** Whether pg_trgm can narrow `q`: it needs a word of three or more letters or digits. */
export function searchUsesIndex(q: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(q);
}

/**
 * The WHERE condition of a literal, case-insensitive substring search on the `search` column, with
 * its two parameters (numbered from `firstParam`). strpos decides (cheap, exact); the LIKE on the
 * same text only lets the planner use the trigram index.
 */
export function searchCondition(q: string, firstParam: number): { condition: string; params: string[] } {
  return {
    condition: `strpos(search, lower($${firstParam})) > 0 AND search LIKE lower($${firstParam + 1})`,
    params: [q, containsPattern(q)],
  };
}

/** `q` as a LIKE pattern that matches it literally anywhere (%, _ and \ are escaped). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
