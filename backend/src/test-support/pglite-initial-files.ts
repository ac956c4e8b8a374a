import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The files of a fresh PGlite database, as initdb leaves them, made once per machine and PGlite
 * version and loaded by every in-memory database the tests open. On CI's two cores PGlite ran initdb
 * (its own WebAssembly module) in ~2.4 s for each database and loads these files in ~1 s, and the
 * integration suites open well over a hundred databases. Only initdb is skipped: every app still
 * migrates its database from empty.
 */
export async function pgliteInitialFiles(): Promise<Blob> {
  cached ??= load();
  return cached;
}

let cached: Promise<Blob> | undefined;

async function load(): Promise<Blob> {
  const path = join(tmpdir(), `punchline-pglite-${pgliteVersion()}-initdb.tar`);
  if (!existsSync(path)) {
    const db = new PGlite();
    try {
      await db.waitReady;
      const files = await db.dumpDataDir('none');
      // Written aside and renamed: a worker reading it meanwhile sees the whole file or none.
      const aside = `${path}.${process.pid}.tmp`;
      writeFileSync(aside, Buffer.from(await files.arrayBuffer()));
      renameSync(aside, path);
    } finally {
      await db.close();
    }
  }
  return new Blob([readFileSync(path)]);
}

/**
 * The same as a data directory on disk, for apps the tests start as processes on a fresh DATA_DIR:
 * copied to `<DATA_DIR>/pglite` before the start, it spares each start initdb (~2.5 s on CI's two
 * cores). The CLI and crash suites leave it out, so a first start's initdb stays tested.
 */
export async function pgliteInitialDirectory(): Promise<string> {
  const path = join(tmpdir(), `punchline-pglite-${pgliteVersion()}-initdb`);
  if (existsSync(path)) return path;
  const aside = mkdtempSync(`${path}.tmp-`);
  try {
    const db = new PGlite({ dataDir: aside });
    await db.waitReady;
    await db.close();
  } catch (error) {
    rmSync(aside, { recursive: true, force: true });
    throw error;
  }
  try {
    // Made aside and renamed: a worker that made it meanwhile keeps its own.
    renameSync(aside, path);
  } catch (error) {
    if (!existsSync(path)) throw error;
    rmSync(aside, { recursive: true, force: true });
  }
  return path;
}

function pgliteVersion(): string {
  const packageJson = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}
