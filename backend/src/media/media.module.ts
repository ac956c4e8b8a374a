import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HistoryModule } from '../history';
import type { AppConfig } from '../platform/config/config';
import { CONFIG } from '../platform/platform.module';
import { DeleteMediaHandler } from './delete-media/delete-media.handler';
import { DeleteMediaHttpController } from './delete-media/delete-media.http.controller';
import { ListMediaHandler } from './list-media/list-media.handler';
import { ListMediaHttpController } from './list-media/list-media.http.controller';
import { ImageWork } from './images/image-work';
import { MediaFilesRead } from './media-files.read';
import { MediaImagesReactor } from './process-images/media-images.reactor';
import { ResponsiveImages } from './responsive-images';
import { MediaStream } from './media-stream';
import { mediaUrlOptions } from './media-url-options';
import { MediaUsageHandler } from './media-usage/media-usage.handler';
import { MediaUsageHttpController } from './media-usage/media-usage.http.controller';
import { MEDIA_STORAGE, MEDIA_URL_OPTIONS } from './media.tokens';
import { RenameMediaHandler } from './rename-media/rename-media.handler';
import { RenameMediaHttpController } from './rename-media/rename-media.http.controller';
import { ServeMediaHttpController } from './serve-media/serve-media.http.controller';
import { createMediaStorage } from './storage/create-media-storage';
import type { MediaStorage } from './storage/media-storage.port';
import { UploadMediaHandler } from './upload-media/upload-media.handler';
import { UploadMediaHttpController } from './upload-media/upload-media.http.controller';

/**
 * The media library (SPEC §2 Media Manager and picker, §5, §7 storage calls): bytes in the
 * configured store, the library's history on the media stream, the list in rm.media_files.
 */
@Module({
  imports: [CqrsModule, HistoryModule],
  controllers: [UploadMediaHttpController, ListMediaHttpController, DeleteMediaHttpController, RenameMediaHttpController, ServeMediaHttpController, MediaUsageHttpController],
  providers: [
    { provide: MEDIA_STORAGE, inject: [CONFIG], useFactory: (config: AppConfig) => createMediaStorage(config) },
    { provide: MEDIA_URL_OPTIONS, inject: [CONFIG], useFactory: (config: AppConfig) => mediaUrlOptions(config) },
    MediaStream,
    MediaFilesRead,
    UploadMediaHandler,
    ListMediaHandler,
    DeleteMediaHandler,
    RenameMediaHandler,
    MediaUsageHandler,
    ImageWork,
    MediaImagesReactor,
    ResponsiveImages,
  ],
  exports: [MediaImagesReactor, ResponsiveImages, MEDIA_STORAGE],
})
export class MediaModule implements OnApplicationShutdown {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}
