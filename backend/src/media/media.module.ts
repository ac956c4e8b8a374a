import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HistoryModule } from '../history';
import type { AppConfig } from '../platform/config/config';
import type { Database } from '@punchline/projections';
import { CONFIG, DATABASE } from '../platform/platform.module';
import { DeleteMediaHandler } from './delete-media/delete-media.handler';
import { DeleteMediaHttpController } from './delete-media/delete-media.http.controller';
import { ListMediaHandler } from './list-media/list-media.handler';
import { ListMediaHttpController } from './list-media/list-media.http.controller';
import { SvgChecker } from './upload-media/svg-checker';
import { ImageWork } from './images/image-work';
import { MediaFilesRead } from './media-files.read';
import { MediaImagesReactor } from './process-images/media-images.reactor';
import { ResponsiveImages } from './responsive-images';
import { MediaStream } from './media-stream';
import { mediaUrlOptions } from './media-url-options';
import { MediaUsageHandler } from './media-usage/media-usage.handler';
import { MediaUsageHttpController } from './media-usage/media-usage.http.controller';
import { MEDIA_STORAGE, MEDIA_STORAGE_IDENTITY, MEDIA_URL_OPTIONS } from './media.tokens';
import { RenameMediaHandler } from './rename-media/rename-media.handler';
import { RenameMediaHttpController } from './rename-media/rename-media.http.controller';
import { ServeMediaHttpController } from './serve-media/serve-media.http.controller';
import { MediaReadTurns } from './serve-media/media-read-turns';
import { createMediaStorage } from './storage/create-media-storage';
import type { MediaStorage } from './storage/media-storage.port';
import { describeStorage, ensureStorageIdentity, type StorageIdentity } from './storage/storage-identity';
import { UploadMediaHandler } from './upload-media/upload-media.handler';
import { UploadMediaHttpController } from './upload-media/upload-media.http.controller';
import { MediaLibraryView } from '../settings';
import { MediaLibraryFromStream } from './media-library.adapter';

const OPENED_STORAGE = Symbol('OPENED_STORAGE');
interface OpenedStorage {
  storage: MediaStorage;
  identity: StorageIdentity;
}

/**
 * The media library (SPEC §2 Media Manager and picker, §5, §7 storage calls): bytes in the
 * configured store, the library's history on the media stream, the list in rm.media_files. Global
 * for one provider: the settings feature's MediaLibraryView port, which it implements.
 */
@Global()
@Module({
  imports: [CqrsModule, HistoryModule],
  controllers: [UploadMediaHttpController, ListMediaHttpController, DeleteMediaHttpController, RenameMediaHttpController, ServeMediaHttpController, MediaUsageHttpController],
  providers: [
    {
      provide: OPENED_STORAGE,
      inject: [CONFIG, DATABASE],
      // Start-up stops here when this instance's storage is not the database's library (DESIGN §18).
      useFactory: async (config: AppConfig, db: Database): Promise<OpenedStorage> => {
        const storage = createMediaStorage(config);
        const logger = new Logger('media-storage');
        try {
          return { storage, identity: await ensureStorageIdentity(db, storage, describeStorage(config), (message) => logger.log(message)) };
        } catch (error) {
          await storage.close();
          throw error;
        }
      },
    },
    { provide: MEDIA_STORAGE, inject: [OPENED_STORAGE], useFactory: (opened: OpenedStorage) => opened.storage },
    { provide: MEDIA_STORAGE_IDENTITY, inject: [OPENED_STORAGE], useFactory: (opened: OpenedStorage) => opened.identity },
    { provide: MEDIA_URL_OPTIONS, inject: [CONFIG], useFactory: (config: AppConfig) => mediaUrlOptions(config) },
    MediaStream,
    { provide: MediaLibraryView, useClass: MediaLibraryFromStream },
    MediaFilesRead,
    UploadMediaHandler,
    ListMediaHandler,
    DeleteMediaHandler,
    RenameMediaHandler,
    MediaUsageHandler,
    ImageWork,
    SvgChecker,
    MediaImagesReactor,
    ResponsiveImages,
    MediaReadTurns,
  ],
  exports: [MediaImagesReactor, ResponsiveImages, MediaReadTurns, MEDIA_STORAGE_IDENTITY, MEDIA_STORAGE, MediaLibraryView],
})
export class MediaModule implements OnApplicationShutdown {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}
