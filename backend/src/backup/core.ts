/**
 * The backup feature without the web framework (see media/core.ts): what `npm run backup` and
 * `npm run restore` load. The index adds the Nest module, the scheduled backups and the admin panel.
 */
export { writeBackupFile, checkpointFromTree, BackupError, type BackupProgress, type BackupResult } from './backup-writer';
export { validateBackup, BackupInvalidError } from './backup-reader';
export { restoreBackup, RestoreRefusedError, type RestoreProgress } from './restore';
export { remakeVariants } from './remake-variants';
export { ensureBackupTables } from './backup.migration';
export { registeredSideStores, type BackupSideStore } from './side-stores';
export { appVersion } from './app-version';

import { logSigningKeySideStore } from './log-signing-key.side-store';
import { privacySideStore } from './privacy.side-store';
import { registerBackupSideStore as register } from './side-stores';

// The side stores every backup carries: issue 27's signing key, issue 28's personal data.
register(logSigningKeySideStore);
register(privacySideStore);
