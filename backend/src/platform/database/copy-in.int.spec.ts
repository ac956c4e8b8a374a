import { copyField, copyJsonField } from '@punchline/projections';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test-support/test-database';

/** Database#copyIn (issue 29's restore writes its events with it) on both adapters: values arrive as they were sent. */
describe.each(databaseKinds())('copyIn: %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, 2);
    await t.db.query('CREATE TABLE copied (n bigint PRIMARY KEY, label text NOT NULL, doc json NOT NULL)');
  });
  afterAll(() => t.drop());

  it('writes rows with tabs, newlines, backslashes, empty values and non-ASCII text as they were', async () => {
    const labels = ['plain', 'tab\there', 'line\nbreak\r\n', 'back\\slash \\N', '', 'émoji 🎤 и ünïcode'];
    const docs = labels.map((label) => JSON.stringify({ label, quote: 'say "hi"', path: 'C:\\shows\\' }));
    const rows = labels.map((label, i) => `${i + 1}\t${copyField(label)}\t${copyJsonField(docs[i]!)}\n`).join('');
    expect(await t.db.copyIn('copied', ['n', 'label', 'doc'], rows)).toBe(labels.length);
    const { rows: read } = await t.db.query<{ label: string; doc: string }>('SELECT label, doc::text AS doc FROM copied ORDER BY n');
    expect(read).toEqual(labels.map((label, i) => ({ label, doc: docs[i] })));
  });

  it('fails as a whole on a bad row, writing none of its rows, and the database goes on answering', async () => {
    const before = await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM copied');
    await expect(t.db.copyIn('copied', ['n', 'label', 'doc'], '100\tfine\t{}\n101\tbad\t{not json\n')).rejects.toThrow(/json/i);
    await expect(t.db.copyIn('copied', ['n', 'label', 'doc'], '1\tduplicate\t{}\n')).rejects.toThrow(/duplicate key/);
    expect((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM copied')).rows).toEqual(before.rows);
    expect(await t.db.copyIn('copied', ['n', 'label', 'doc'], '102\tafter\t[]\n')).toBe(1);
  });

  it('takes only plain table and column names', async () => {
    await expect(t.db.copyIn('copied; DROP TABLE copied', ['n'], '')).rejects.toThrow(/Not a table or column name/);
    await expect(t.db.copyIn('copied', ['n) FROM PROGRAM (x'], '')).rejects.toThrow(/Not a table or column name/);
  });

  it('fails a COPY whose connection dies half-way with an error, and the database goes on answering', async () => {
    if (kind !== 'postgres') return; // PGlite runs in the process: it has no connection to lose.
    await t.db.query(`CREATE TABLE dying (n bigint)`);
    await t.db.query(`CREATE FUNCTION die() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$`);
    await t.db.query(`CREATE TRIGGER dying_insert BEFORE INSERT ON dying FOR EACH ROW EXECUTE FUNCTION die()`);
    await expect(t.db.copyIn('dying', ['n'], '1\n2\n')).rejects.toThrow(/terminat/i);
    expect(await t.db.copyIn('copied', ['n', 'label', 'doc'], '103\tstill here\t{}\n')).toBe(1);
  });
});
