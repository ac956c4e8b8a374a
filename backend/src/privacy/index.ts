/** What other features may use of the privacy feature (DESIGN §16); core.ts holds its framework-free part (the runtime, backup and restore). */
export { PrivacyStore, type NotesPersonalData } from './privacy-store';
export { OpenedRecordsCache } from './opened-records-cache';
export { PrivacyModule } from './privacy.module';
