import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlClient } from '@punchline/projections';
import { SHARED_KEYS, claimShared } from './shared-values';

/** Where versions before issue 30 generated the secret, per instance. */
export const LEGACY_SECRET_FILE = 'session-secret';

/**
 * The session secret when SESSION_SECRET is unset: one per database, so a session signed on one
 * instance is good on every other (DESIGN §18). The first instance to start stores it; a secret an
 * older version generated into DATA_DIR is adopted, so sessions signed with it stay valid.
 */
export async function sharedSessionSecret(db: SqlClient, dataDir: string): Promise<string> {
  const legacy = await readFile(join(dataDir, LEGACY_SECRET_FILE), 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  return claimShared(db, SHARED_KEYS.sessionSecret, legacy.length >= 32 ? legacy : randomBytes(32).toString('hex'));
}
