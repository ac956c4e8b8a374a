import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frontendDistDir } from '../../platform/http/frontend-dist';
import { ensureFrontendBuilt } from '../test-support/frontend-build';

/** Texts only the admin area shows (SPEC §2, §5-§6): none may reach a visitor's download. */
const ADMIN_TEXTS = ['Checking admin access', 'Admin sign-in required', 'General Settings', 'Page Configurations', 'Media Manager', 'Contact Responses', 'Audit Log', 'Acquire Lock'];

/** The scripts index.html makes a visitor download, and everything they import statically. */
function visitorScripts(): Map<string, string> {
  const client = join(frontendDistDir(), 'client');
  const html = readFileSync(join(client, 'index.html'), 'utf8');
  const pending = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Map<string, string>();
  while (pending.length) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    const code = readFileSync(join(client, 'assets', name), 'utf8');
    seen.set(name, code);
    // Static imports only (`import … from "./x.js"`); dynamic import() chunks load on /admin only.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) pending.push(m[1]!);
  }
  return seen;
}

describe('the visitor bundle', () => {
  beforeAll(() => ensureFrontendBuilt());

  it('carries no admin text: the admin gate and screens live in the lazy admin chunk', () => {
    const scripts = visitorScripts();
    expect(scripts.size).toBeGreaterThan(0);
    const found = [...scripts].flatMap(([name, code]) => ADMIN_TEXTS.filter((t) => code.includes(t)).map((t) => `${name}: ${t}`));
    expect(found).toEqual([]);
  });
});
