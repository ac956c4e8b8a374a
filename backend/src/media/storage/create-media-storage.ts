import type { AppConfig } from '../../platform/config/config';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage.port';
import { S3MediaStorage } from './s3-media-storage';
import { localMediaRoot } from './storage-identity';

/** STORAGE=local (default): DATA_DIR/media; STORAGE=s3: the configured bucket (DESIGN §10). */
export function createMediaStorage(config: Pick<AppConfig, 'storage' | 'dataDir'>): MediaStorage {
  if (config.storage.kind === 's3') return new S3MediaStorage(config.storage);
  return new LocalMediaStorage(localMediaRoot(config.dataDir));
}
