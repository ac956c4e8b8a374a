/** The media feature as other features see it (issue 9: a feature imports another only through its index). */
export { ResponsiveImages } from './responsive-images';
export { MediaImagesReactor } from './process-images/media-images.reactor';
export { MediaModule } from './media.module';
export { MediaReadTurns } from './serve-media/media-read-turns';
export { MEDIA_STORAGE, MEDIA_STORAGE_IDENTITY } from './media.tokens';
export type { StorageIdentity } from './storage/storage-identity';
export { probeStorage } from './storage/storage-identity';
export { migrateMediaToS3 } from './storage/migrate-to-s3';
export { createMediaStorage, type MediaStorage } from './core';
