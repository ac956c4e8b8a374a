import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

function pgliteVersion(): string {
  const packageJson = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}
