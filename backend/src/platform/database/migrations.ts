import type { Database } from '@punchline/projections';

export interface Migration {
  /** Unique, ordered id such as '0001_event_store'. */
  id: string;
  sql: string;
}

/**
 * Applies versioned migrations once each, in id order, under an advisory lock so that two
 * processes starting together do not race. Same SQL on PGlite and PostgreSQL.
 */
export async function migrate(db: Database, migrations: Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(715002)');
    await tx.query(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
      id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM public.schema_migrations')).rows.map((r) => r.id));
    for (const m of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
      if (done.has(m.id)) continue;
      await tx.query(m.sql);
      await tx.query('INSERT INTO public.schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
  });
  return applied;
}
