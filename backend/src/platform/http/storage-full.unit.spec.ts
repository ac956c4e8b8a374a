import { isStorageFull } from './storage-full';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('isStorageFull', () => {
  it.each([
    ['a full disk (ENOSPC)', withCode('ENOSPC', 'ENOSPC: no space left on device, write')],
    ['a quota (EDQUOT)', withCode('EDQUOT')],
    ["PostgreSQL's disk_full (53100)", withCode('53100', 'could not extend file "base/5/16620": No space left on device')],
    ["MinIO's XMinioStorageFull", Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), { name: 'XMinioStorageFull' })],
    ['an S3 507', Object.assign(new Error('Insufficient Storage'), { $metadata: { httpStatusCode: 507 } })],
    ['a wrapped cause', new Error('write failed', { cause: withCode('ENOSPC') })],
  ])('is %s', (_what, error) => {
    expect(isStorageFull(error)).toBe(true);
  });

  it.each([
    ['a missing file (ENOENT)', withCode('ENOENT')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['an S3 503', Object.assign(new Error('Slow Down'), { $metadata: { httpStatusCode: 503 } })],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ENOSPC'],
    ['nothing', undefined],
  ])('is not %s', (_what, error) => {
    expect(isStorageFull(error)).toBe(false);
  });
});
