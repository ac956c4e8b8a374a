/** The backup feature as others see it (issue 29). */
export { writeBackup, writeBackupFile, BackupError, logHead, type BackupSource, type BackupProgress, type BackupResult } from './backup-writer';
export { validateBackup, BackupInvalidError } from './backup-reader';
export { restoreBackup, RestoreRefusedError, describeTargetContents, type RestoreTarget, type RestoreProgress } from './restore';
export { remakeVariants } from './remake-variants';
export { ensureBackupTables } from './backup.migration';
export { registerBackupSideStore, registeredSideStores, type BackupSideStore, type SideStoreErasure } from './side-stores';
export { BACKUP_FORMAT, type BackupManifest } from './backup-format';
export { BackupModule } from './backup.module';
export { BackupService, type BackupStatus } from './backup.service';
export { appVersion } from './app-version';
