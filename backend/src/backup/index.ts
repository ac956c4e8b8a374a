/** The backup feature as others see it (issue 29). */
export { writeBackup, writeBackupFile, checkpointFromTree, BackupError, logHead, type BackupSource, type BackupProgress, type BackupResult } from './backup-writer';
export { validateBackup, BackupInvalidError } from './backup-reader';
export { restoreBackup, RestoreRefusedError, describeTargetContents, type RestoreTarget, type RestoreProgress } from './restore';
export { remakeVariants } from './remake-variants';
export { ensureBackupTables } from './backup.migration';
export { registerBackupSideStore, registeredSideStores, type BackupSideStore, type SideStoreErasure } from './side-stores';
export { BACKUP_FORMAT, type BackupManifest } from './backup-format';
export { BackupModule } from './backup.module';
export { BackupService, type BackupStatus } from './backup.service';
export { appVersion } from './app-version';

import { logSigningKeySideStore } from './log-signing-key.side-store';
import { privacySideStore } from './privacy.side-store';
import { registerBackupSideStore as register } from './side-stores';

// The side stores every backup carries: issue 27's signing key, issue 28's personal data.
register(logSigningKeySideStore);
register(privacySideStore);
