import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app's version (backend/package.json), written into every manifest. */
export function appVersion(): string {
  for (const up of [['..', '..'], ['..', '..', '..']]) {
    try {
      const pkg = JSON.parse(readFileSync(join(__dirname, ...up, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@punchline/backend' && pkg.version) return pkg.version;
    } catch {
      // try the next folder up (src and dist sit at different depths)
    }
  }
  return 'unknown';
}
