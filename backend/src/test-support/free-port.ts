import { createServer } from 'node:net';

/** A free loopback port, so PUBLIC_BASE_URL (callback URL, Origin check) is known before the app starts (int and e2e tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
