import { type Server, type Socket, createServer } from 'node:net';
import { type TestApp, TEST_ADMIN_EMAIL, signInTrace, startTestApp } from '../../test-support/test-app';
import { PROVIDER_SILENCE_MS } from './google.strategy';

/**
 * A provider that takes the connection and never answers (Google having a bad minute, a proxy on
 * the way that lost its upstream). The OAuth2 client under passport sets no timeout, so the
 * callback waited for ever: the person's browser spun and each try held a socket. Now the call
 * fails after PROVIDER_SILENCE_MS and the person lands on "sign-in failed", free to try again.
 */
describe('a sign-in provider that never answers', () => {
  let silent: Server;
  const held: Socket[] = [];
  let app: TestApp;

  beforeAll(async () => {
    silent = createServer((socket) => {
      held.push(socket);
      socket.on('error', () => undefined);
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    // The consent step is the test provider's; the code is then exchanged with the silent one.
    app = await startTestApp({ env: { GOOGLE_TOKEN_URL: `http://127.0.0.1:${port}/token` } });
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }, 20_000);

  it(`fails the sign-in after ${PROVIDER_SILENCE_MS / 1000} s of silence, opens no session and lets go of the connection`, async () => {
    const started = Date.now();
    const trace = await signInTrace(app.baseUrl, { email: TEST_ADMIN_EMAIL, name: null, emailVerified: true });
    const tookMs = Date.now() - started;
    expect({ cookie: trace.cookie, location: trace.location }).toEqual({ cookie: null, location: '/admin?signin=failed' });
    expect(tookMs).toBeGreaterThanOrEqual(PROVIDER_SILENCE_MS - 500);
    expect(tookMs).toBeLessThan(PROVIDER_SILENCE_MS + 5_000);
    expect(held).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(held[0]!.destroyed || held[0]!.readableEnded).toBe(true);
  }, 60_000);
});
