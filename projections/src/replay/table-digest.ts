import type { SqlClient } from '../ports/database.port';
import { assertIdentifier, qualified, type ProjectionTable } from '../projection';

export interface TableDigest {
  rows: number;
  /** Order-independent: the sum of every row's md5 (two 60-bit halves), so no giant string is built. */
  digest: string;
}

export async function tableExists(client: SqlClient, schema: string, table: string): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [qualified(schema, table)]);
  return rows[0]?.found === true;
}

/**
 * Count plus content digest of a table. Rows are hashed as jsonb text, whose key order is canonical,
 * so a table whose columns were added later (different column order) still digests like a fresh one.
 * Timestamps render in the session time zone: compare digests taken on the same connection.
 */
export async function tableDigest(client: SqlClient, schema: string, table: string): Promise<TableDigest | null> {
  if (!(await tableExists(client, schema, table))) return null;
  const { rows } = await client.query<{ rows: number | string; a: string; b: string }>(
    `SELECT count(*) AS rows,
            coalesce(sum(('x' || substr(h, 1, 15))::bit(60)::bigint), 0)::text AS a,
            coalesce(sum(('x' || substr(h, 16, 15))::bit(60)::bigint), 0)::text AS b
       FROM (SELECT md5(to_jsonb(t)::text) AS h FROM ${qualified(schema, table)} AS t) AS d`,
  );
  const row = rows[0];
  return { rows: Number(row.rows), digest: `${row.a}:${row.b}` };
}

/** Primary key of one row that is in one table and not (as often) in the other; null when none. */
export async function firstDifference(
  client: SqlClient,
  left: { schema: string; table: ProjectionTable },
  right: { schema: string; table: ProjectionTable },
): Promise<Record<string, unknown> | null> {
  const l = qualified(left.schema, left.table.name);
  const r = qualified(right.schema, right.table.name);
  const keys = left.table.primaryKey.map((k) => assertIdentifier(k, 'column name'));
  // Without a declared key the whole row names the difference.
  const keyObject = keys.length === 0 ? 'd.j' : `jsonb_build_object(${keys.map((k) => `'${k}', d.j -> '${k}'`).join(', ')})`;
  const order = keys.length === 0 ? 'd.j' : keys.map((k) => `d.j -> '${k}'`).join(', ');
  const { rows } = await client.query<{ key: Record<string, unknown> }>(
    `SELECT ${keyObject} AS key FROM (
        (SELECT to_jsonb(t) AS j FROM ${l} AS t EXCEPT ALL SELECT to_jsonb(t) FROM ${r} AS t)
        UNION ALL
        (SELECT to_jsonb(t) AS j FROM ${r} AS t EXCEPT ALL SELECT to_jsonb(t) FROM ${l} AS t)
     ) AS d ORDER BY ${order} LIMIT 1`,
  );
  return rows[0]?.key ?? null;
}
