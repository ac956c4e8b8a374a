import { Projector, auditProjection, buildDeferredIndexes, missingDeferredIndexes, replay, type Database, type Projection } from '@punchline/projections';
import { PgDatabase } from '../platform/database/pg-database';
import { databaseKinds } from '../test-support/test-database';
import { appendEvents, delay, seenProjection, storeOnFreshDatabase } from './test-support/read-model.test-kit';

/** The audit log's trigram search index (projections/src/runner/deferred-indexes.ts): left out by a restore's swap, built by the leader. */
describe.each(databaseKinds())('deferred read indexes on %s', (kind) => {
  const projections: Projection[] = [auditProjection, seenProjection()];
  const fresh = storeOnFreshDatabase(kind, { emptyEachTest: true });

  const searchIndex = async (db: Database): Promise<{ valid: boolean } | null> => {
    const { rows } = await db.query<{ valid: boolean }>(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'rm' AND c.relname = 'audit_log_search_idx'`,
    );
    return rows[0] ?? null;
  };
  const waitForIndex = async (db: Database): Promise<{ valid: boolean } | null> => {
    for (let i = 0; i < 200; i += 1) {
      const index = await searchIndex(db);
      if (index?.valid) return index;
      await delay(50);
    }
    return searchIndex(db);
  };
  const searchFinds = async (db: Database, word: string): Promise<number> => {
    const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM rm.audit_log WHERE strpos(search, lower($1)) > 0 AND search LIKE lower($2)`, [word, `%${word}%`]);
    return Number(rows[0]!.n);
  };

  it('a swap that defers installs the tables without the search index; the leader builds it in the background and search answers alike before and after', async () => {
    await appendEvents(fresh.store, 60, 20);
    await replay({ db: fresh.database.db, store: fresh.store, projections, swap: true, deferIndexes: true });
    expect(await searchIndex(fresh.database.db)).toBeNull();
    const before = await searchFinds(fresh.database.db, 'title 1');
    expect(before).toBeGreaterThan(0);

    const projector = new Projector({ db: fresh.database.db, store: fresh.store, projections });
    await projector.start();
    try {
      if (kind === 'postgres') {
        expect(await waitForIndex(fresh.database.db)).toEqual({ valid: true });
        expect(await missingDeferredIndexes(fresh.database.db, projections, 'rm')).toEqual([]);
      } else {
        // PGlite has no pg_trgm: nothing to build, the search reads the rows.
        await delay(200);
        expect(await searchIndex(fresh.database.db)).toBeNull();
      }
      expect(await searchFinds(fresh.database.db, 'title 1')).toBe(before);
    } finally {
      await projector.stop();
    }
  });

  it('a running leader hears a swap made elsewhere and builds what it left out', async () => {
    await appendEvents(fresh.store, 30, 10);
    const projector = new Projector({ db: fresh.database.db, store: fresh.store, projections });
    await projector.start();
    try {
      expect(await projector.waitFor(await fresh.store.headPosition(), 10_000)).toBe(true);
      await replay({ db: fresh.database.db, store: fresh.store, projections, swap: true, deferIndexes: true });
      if (kind === 'postgres') expect(await waitForIndex(fresh.database.db)).toEqual({ valid: true });
    } finally {
      await projector.stop();
    }
  });

  if (kind === 'postgres') {
    it('an index left invalid by a build cut short is dropped and built again; a second process waits its turn instead of building twice', async () => {
      await appendEvents(fresh.store, 30, 10);
      await replay({ db: fresh.database.db, store: fresh.store, projections, swap: true, deferIndexes: true });
      // What a cancelled CREATE INDEX CONCURRENTLY leaves behind: the index, marked invalid.
      await fresh.database.db.query('CREATE INDEX audit_log_search_idx ON rm.audit_log USING gin (search gin_trgm_ops)');
      await fresh.database.db.query(
        "UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'rm.audit_log_search_idx'::regclass",
      );
      expect((await missingDeferredIndexes(fresh.database.db, projections, 'rm')).map((i) => i.name)).toEqual(['audit_log_search_idx']);

      const holder = await fresh.database.db.dedicatedSession();
      try {
        await holder.query('SELECT pg_advisory_lock(715006)');
        expect(await buildDeferredIndexes(fresh.database.db, projections, 'rm')).toMatchObject({ built: [], busy: true });
      } finally {
        await holder.release();
      }
      expect(await buildDeferredIndexes(fresh.database.db, projections, 'rm')).toMatchObject({ built: ['audit_log_search_idx'], busy: false });
      expect(await searchIndex(fresh.database.db)).toEqual({ valid: true });
      expect(await buildDeferredIndexes(fresh.database.db, projections, 'rm')).toMatchObject({ built: [], busy: false });
    });

    it("a build outlasts a statement_timeout set for the site's requests (it was cancelled, then begun again at every start and never finished)", async () => {
      await appendEvents(fresh.store, 30, 10);
      await replay({ db: fresh.database.db, store: fresh.store, projections, swap: true, deferIndexes: true });
      const name = new URL(fresh.database.url!).pathname.slice(1);
      await fresh.database.db.query(`ALTER DATABASE "${name}" SET statement_timeout = '300ms'`);
      // New connections take the account's timeout, as the server's do.
      const server = new PgDatabase(fresh.database.url!, 2);
      const writer = await fresh.database.db.dedicatedSession();
      try {
        // CREATE INDEX CONCURRENTLY waits for a transaction writing the table: here a second, well past the timeout.
        await writer.query('BEGIN');
        await writer.query("UPDATE rm.audit_log SET action = action WHERE position = (SELECT min(position) FROM rm.audit_log)");
        const build = buildDeferredIndexes(server, projections, 'rm');
        await delay(1_000);
        await writer.query('COMMIT');
        expect(await build).toMatchObject({ built: ['audit_log_search_idx'], busy: false });
        expect(await searchIndex(fresh.database.db)).toEqual({ valid: true });
      } finally {
        await fresh.database.db.query(`ALTER DATABASE "${name}" RESET statement_timeout`);
        await writer.release();
        await server.close();
      }
    });
  }
});
