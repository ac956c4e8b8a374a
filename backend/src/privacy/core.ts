/** The privacy feature without the web framework (see media/core.ts): what the runtime, backup and restore use. */
export { eraseMessages } from './privacy-store';
export { privacyEraserProjection } from './privacy-eraser.projection';
export { privacyStoreMigration } from './privacy-store.migration';
export { moveLegacyPersonalDataOutOfLog } from './legacy-personal-data.migration';
