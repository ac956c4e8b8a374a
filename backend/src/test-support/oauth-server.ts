import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface TestUser {
  email: string | null;
  name?: string | null;
  emailVerified?: boolean;
  picture?: string | null;
}

export interface OAuthServer {
  /** Issuer URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** GOOGLE_* variables pointing the app at this provider. */
  env: Record<string, string>;
  /** Who signs in when the authorization request names nobody (browser tests). */
  setDefaultUser(user: TestUser): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a real OAuth2 provider (oauth2-mock-server) on loopback in a child process; see
 * oauth-provider.process.mjs for how a test chooses the account that signs in.
 */
export async function startOAuthServer(): Promise<OAuthServer> {
  const child = spawn(process.execPath, [join(__dirname, 'oauth-provider.process.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`OAuth provider exited early with code ${code}`)));
  });
  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: 'punchline-test-client',
      GOOGLE_CLIENT_SECRET: 'punchline-test-secret',
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    async setDefaultUser(user) {
      const res = await fetch(`${url}/__test/default-user`, { method: 'PUT', body: JSON.stringify(user) });
      if (res.status !== 204) throw new Error(`Setting the default user failed: ${res.status}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}
