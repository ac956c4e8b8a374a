/** The backup feature as others see it (issue 29): its framework-free core, the Nest module and the service behind the admin panel. */
export {
  writeBackupFile,
  checkpointFromTree,
  validateBackup,
  BackupInvalidError,
  restoreBackup,
  remakeVariants,
  ensureBackupTables,
  registeredSideStores,
  type BackupResult,
  type BackupSideStore,
} from './core';
export { BackupModule } from './backup.module';
export { BackupService } from './backup.service';
