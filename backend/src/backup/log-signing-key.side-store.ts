import type { Database } from '@punchline/projections';
import { signerFromSeed } from '../platform/log-tree/signed-note';
import type { BackupSideStore } from './side-stores';

/**
 * The log's checkpoint signing key when it is kept in the database (LOG_SIGNING_KEY unset, issue 27):
 * restored with the log, so the restored site signs with the key auditors pinned, and its
 * checkpoints extend the ones they kept. It is a secret: encrypt backups (BACKUP_PASSPHRASE).
 * A target's own key (made when it first started, before any event) is replaced; it signed nothing
 * anyone kept, since restore only writes into a store without events.
 */
export const logSigningKeySideStore: BackupSideStore = {
  name: 'log-signing-key',
  async describeContents() {
    return null;
  },
  async *rows(db: Database) {
    const { rows } = await db.query<{ name: string; seed: string }>('SELECT name, seed FROM es.log_signing_key WHERE id = 1');
    for (const row of rows) yield { name: row.name, seed: row.seed };
  },
  validate(row) {
    if (typeof row.name !== 'string' || row.name === '' || typeof row.seed !== 'string' || Buffer.from(row.seed, 'base64').length !== 32) throw new Error('not a signing key row (name and a 32-byte base64 seed)');
  },
  async restore(db: Database, rows) {
    for (const row of rows) {
      await db.query('INSERT INTO es.log_signing_key (id, name, seed) VALUES (1, $1, $2) ON CONFLICT (id) DO UPDATE SET name = excluded.name, seed = excluded.seed', [row.name, row.seed]);
    }
  },
  erasureIn() {
    return null;
  },
  async erase() {
    return 0;
  },
  // The key the checkpoints were signed with: restore verifies the manifest's checkpoint with it (validate ran first).
  checkpointVerifiers(row) {
    const { name, keyId, publicKey } = signerFromSeed(row.name as string, Buffer.from(row.seed as string, 'base64'));
    return [{ name, keyId, publicKey }];
  },
};
