/** What other features may use of the privacy feature (DESIGN §16). */
export { PrivacyStore, normalisedEmail, type MessagePersonalData, type NotesPersonalData, type OpenedRecord } from './privacy-store';
export { openPersonalData } from './personal-data-seal';
export { PrivacyModule } from './privacy.module';
