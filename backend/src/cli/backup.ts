import { resolve } from 'node:path';
import { allProjections, ensureReadModels } from '@punchline/projections';
import pino from 'pino';
import {
  BackupError,
  appVersion,
  checkpointFromTree,
  BackupInvalidError,
  RestoreRefusedError,
  ensureBackupTables,
  registeredSideStores,
  remakeVariants,
  restoreBackup,
  writeBackupFile,
  type BackupProgress,
  type RestoreProgress,
} from '../backup/core';
import { createMediaStorage } from '../media/core';
import { loadConfigOrReport } from '../platform/config/config';
import { migrate } from '../platform/database/migrations';
import { openDatabase } from '../platform/database/open-database';
import { createEventStore, eventStoreMigrations, leafSourceFor, storeProjections } from '../platform/event-store/create-event-store';
import { LogTree } from '../platform/log-tree/log-tree';
import { logKeyName } from '../platform/runtime';
import { runCommand } from './run-command';

const USAGE = `usage: npm run backup -- --out <file>
       npm run restore -- <file> [--erasures-from <later backup or audit export>]
backup   writes the whole site (event log, media originals, data kept beside the log) into one file,
         consistent at one log position, while the app runs (PostgreSQL; with PGlite, which one process
         opens at a time, use the admin's 'Back up now' or BACKUP_DIR instead, or stop the app)
restore  checks the whole file first (nothing is written for a cut, damaged or altered file), then
         restores it into an EMPTY store (refused otherwise), rebuilds the read models and verifies the
         log's head against the file's manifest. Stop the app while it runs. --erasures-from applies again
         the erasures of personal data a later log of the same site recorded after the backup was made.
Configuration from the environment, as the app's: DATABASE_URL (else PGlite under DATA_DIR), EVENT_STORE,
EVENTSTORE_CONNECTION_STRING, STORAGE and S3_*; BACKUP_PASSPHRASE encrypts (backup) and decrypts (restore).`;

/** `[########------------] 12/40 · label`, redrawn in place on a terminal. */
function bar(done: number, total: number, label: string, width = 24): string {
  const filled = total <= 0 ? width : Math.min(width, Math.round((done / total) * width));
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}${label ? ` · ${label}` : ''}`;
}

function progressPrinter(err: NodeJS.WriteStream): (line: string, final?: boolean) => void {
  let last = 0;
  let lastPhase = '';
  return (line, final = false) => {
    if (!err.isTTY) {
      // In a log (cron, systemd, tests): one line per phase instead of a redrawn bar.
      const phase = line.split(/[\s…]/)[0]!;
      if (phase !== lastPhase) err.write(`${phase}…\n`);
      lastPhase = phase;
      return;
    }
    const now = Date.now();
    if (!final && now - last < 100) return;
    last = now;
    err.write(`\r${line.slice(0, (err.columns || 100) - 1).padEnd(Math.min(99, (err.columns || 100) - 1))}${final ? '\n' : ''}`);
  };
}

export async function main(argv: string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  const [command, ...args] = argv;
  const outIndex = args.indexOf('--out');
  const isBackup = command === 'backup' && outIndex >= 0 && args[outIndex + 1] !== undefined && args.length === 2;
  const erasuresAt = args.indexOf('--erasures-from');
  const erasuresFrom = erasuresAt >= 0 ? args[erasuresAt + 1] : undefined;
  const restoreArgs = erasuresAt >= 0 ? args.filter((_, i) => i !== erasuresAt && i !== erasuresAt + 1) : args;
  const isRestore = command === 'restore' && restoreArgs.length === 1 && !restoreArgs[0]!.startsWith('--') && (erasuresAt < 0 || erasuresFrom !== undefined);
  if (!isBackup && !isRestore) {
    out(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  const config = loadConfigOrReport(out);
  if (!config) return 2;
  const passphrase = process.env.BACKUP_PASSPHRASE || undefined;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, forCommand: true });
  const storage = createMediaStorage(config);
  const store = createEventStore(config, db, { logger: pino({ level: 'warn' }) });
  const show = progressPrinter(process.stderr);
  try {
    await migrate(db, eventStoreMigrations);
    await ensureReadModels(db, allProjections());
    await ensureBackupTables(db);
    if (isBackup) {
      const file = resolve(args[outIndex + 1]!);
      const started = Date.now();
      // The checkpoint at the backup's head (issue 27): the tree is brought up to the log first (as the app does at start-up).
      const tree = await LogTree.open(db, leafSourceFor(store), { signer: config.logSigningKey ?? undefined, keyName: logKeyName(config.publicBaseUrl) });
      await tree.catchUp();
      const result = await writeBackupFile({ db, store, storage, sideStores: registeredSideStores(), checkpointAt: store.kind === 'postgres' ? checkpointFromTree(tree) : undefined }, file, {
        appVersion: appVersion(),
        passphrase,
        onProgress: (p: BackupProgress) =>
          show(p.phase === 'done' ? 'done' : p.phase === 'media' ? `media  ${bar(p.mediaFiles, p.totalMediaFiles, p.label)}` : `events ${bar(p.events, p.totalEvents, p.label)}`, p.phase === 'done'),
      });
      const { manifest, trailer } = result;
      out(`Backed up ${manifest.event_count} events (head ${manifest.head ? `${manifest.head.position} ${manifest.head.hash}` : 'empty'}) and ${manifest.media.files - trailer.media_missing.length} media files into ${file} (${result.bytes} bytes${passphrase ? ', encrypted' : ''}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (trailer.media_missing.length > 0) out(`Note: ${trailer.media_missing.length} file(s) listed at that position were deleted or moved before they were read: ${trailer.media_missing.join(', ')}`);
      return 0;
    }
    const file = resolve(restoreArgs[0]!);
    const started = Date.now();
    const result = await restoreBackup(file, { db, store, storage, sideStores: registeredSideStores(), storeProjections: storeProjections(store) }, {
      passphrase,
      checkpointKeys: config.logSigningKey ? [config.logSigningKey] : [],
      erasuresFrom: erasuresFrom ? resolve(erasuresFrom) : undefined,
      remakeVariants: () => remakeVariants(store, storage, (path) => show(`variants · ${path}`)),
      onProgress: (p: RestoreProgress) => {
        if (p.phase === 'checking') show(`checking ${bar(p.events, p.totalEvents, p.label)}`);
        else if (p.phase === 'events') show(`events   ${bar(p.events, p.totalEvents, '')}`);
        else if (p.phase === 'media') show(`media    ${bar(p.mediaFiles, p.totalMediaFiles, p.label)}`);
        else if (p.phase === 'side-stores') show(`side-stores · ${p.label}`);
        else show(p.phase === 'done' ? 'done' : `${p.phase}…`, p.phase === 'done');
      },
    });
    out(
      `Restored ${result.events} events and ${result.mediaFiles} media files from ${file} (made ${result.manifest.created_at}); read models rebuilt; ${result.variants} image variants remade; ` +
        (store.kind === 'postgres'
          ? `the log verifies to the manifest's head: position ${result.head?.position ?? 0}, hash ${result.head?.hash ?? ''}`
          : `every event read back equals the archive's (EventStoreDB positions and times are the server's: the log digest hashes them anew)`) +
        ` (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (db.kind === 'pg') out("The audit log's search index is built by the app in the background once it runs (search works meanwhile, reading the rows).");
    if (erasuresFrom) out(`Erasures recorded after the backup and applied again: ${result.erasures.applied} (${result.erasures.rows} rows removed)`);
    return 0;
  } catch (error) {
    if (error instanceof BackupInvalidError) {
      out(`Refused: ${error.message}. Nothing was written.`);
      return 1;
    }
    if (error instanceof RestoreRefusedError) {
      out(`Refused: ${error.message}. Nothing was written.`);
      return 1;
    }
    if (error instanceof BackupError) {
      out(`Backup failed: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
    await storage.close();
    await db.close();
  }
}

if (require.main === module) runCommand(() => main(process.argv.slice(2)));
