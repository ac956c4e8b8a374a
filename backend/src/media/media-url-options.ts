import type { MediaUrlOptions } from '@punchline/domain';
import type { AppConfig } from '../platform/config/config';

/**
 * Which absolute URLs name a file of this library (for usage checks and rename rewriting): the
 * proxy on our own origin, and the object store's own URLs of the configured bucket, in the
 * addressing style the configuration uses.
 */
export function mediaUrlOptions(config: Pick<AppConfig, 'publicBaseUrl' | 'storage'>): MediaUrlOptions {
  const { storage } = config;
  const bases: string[] = [];
  if (storage.kind === 's3') {
    if (storage.endpoint) {
      const endpoint = new URL(storage.endpoint);
      const root = `${endpoint.protocol}//${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
      bases.push(`${root}/${storage.bucket}/`);
      if (!storage.forcePathStyle) bases.push(`${endpoint.protocol}//${storage.bucket}.${endpoint.host}/`);
    } else {
      bases.push(
        `https://${storage.bucket}.s3.${storage.region}.amazonaws.com/`,
        `https://${storage.bucket}.s3.amazonaws.com/`,
        `https://s3.${storage.region}.amazonaws.com/${storage.bucket}/`,
      );
    }
  }
  return { ownOrigins: [config.publicBaseUrl], objectStoreBases: bases };
}
