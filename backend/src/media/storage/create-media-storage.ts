import type { AppConfig } from '../../platform/config/config';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage.port';
import type * as S3Storage from './s3-media-storage';
import { localMediaRoot } from './storage-identity';

/** STORAGE=local (default): DATA_DIR/media; STORAGE=s3: the configured bucket (DESIGN §10). */
export function createMediaStorage(config: Pick<AppConfig, 'storage' | 'dataDir'>): MediaStorage {
  if (config.storage.kind === 's3') {
    // The AWS SDK (~20 MB of RSS) loads only where media live in S3 (issue 29: the backup commands).
    const { S3MediaStorage } = require('./s3-media-storage') as typeof S3Storage;
    return new S3MediaStorage(config.storage);
  }
  return new LocalMediaStorage(localMediaRoot(config.dataDir));
}
