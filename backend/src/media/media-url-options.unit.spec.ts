import { mediaPathOf } from '@punchline/domain';
import { loadConfig } from '../platform/config/config';
import { mediaUrlOptions } from './media-url-options';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), PUBLIC_BASE_URL: 'https://punchline.example', ...env });

describe('mediaUrlOptions', () => {
  it('knows the own origin and, for local storage, no object store', () => {
    expect(mediaUrlOptions(config({}))).toEqual({ ownOrigins: ['https://punchline.example'], objectStoreBases: [] });
  });

  it('recognises path-style URLs of an S3-compatible endpoint for the configured bucket', () => {
    const options = mediaUrlOptions(config({ STORAGE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'site-files', S3_FORCE_PATH_STYLE: 'true' }));
    expect(options.objectStoreBases).toEqual(['http://minio:9000/site-files/']);
    expect(mediaPathOf('http://minio:9000/site-files/hero.png', options)).toBe('hero.png');
    expect(mediaPathOf('https://punchline.example/api/storage/proxy?bucket=media&path=hero.png', options)).toBe('hero.png');
  });

  it('recognises virtual-host and Amazon URLs of the configured bucket', () => {
    expect(mediaUrlOptions(config({ STORAGE: 's3', S3_ENDPOINT: 'https://s3.example.net', S3_BUCKET: 'files' })).objectStoreBases).toEqual([
      'https://s3.example.net/files/',
      'https://files.s3.example.net/',
    ]);
    const aws = mediaUrlOptions(config({ STORAGE: 's3', S3_BUCKET: 'files', S3_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' }));
    expect(mediaPathOf('https://files.s3.eu-west-1.amazonaws.com/2024/a.png', aws)).toBe('2024/a.png');
    expect(mediaPathOf('https://s3.eu-west-1.amazonaws.com/files/a.png', aws)).toBe('a.png');
  });
});
