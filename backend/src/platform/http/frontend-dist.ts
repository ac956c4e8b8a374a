import { dirname, join } from 'node:path';

/** Where Vite put the built front end: client/ (browser assets, index.html) and server/ (entry-server.cjs). */
export function frontendDistDir(): string {
  return join(dirname(require.resolve('@punchline/frontend/package.json')), 'dist');
}
