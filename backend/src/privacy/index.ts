/** What other features may use of the privacy feature (DESIGN §16). */
export { PrivacyStore, type NotesPersonalData } from './privacy-store';
export { openPersonalData } from './personal-data-seal';
export { PrivacyModule } from './privacy.module';
// For backups (issue 29): the store's tables travel beside the log, and a restore re-applies erasures.
export { eraseMessages } from './privacy-store';
export { privacyEraserProjection } from './privacy-eraser.projection';
export { privacyStoreMigration } from './privacy-store.migration';
