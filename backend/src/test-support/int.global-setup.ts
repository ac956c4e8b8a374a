import { ensureFrontendBuilt } from '../site/test-support/frontend-build';
import { pgliteInitialFiles } from './pglite-initial-files';

/**
 * Jest's global set-up of the int project, run once before any worker starts:
 * - the front end is built (when missing or stale). Suites that called ensureFrontendBuilt
 *   themselves left a race: an app started by another worker meanwhile had no pages to render and
 *   answered '/' with 404 (CI on a fresh clone, responsive-images on PGlite, 2026-11-27);
 * - PGlite's initial files are made, so the workers do not both run initdb to make them.
 */
export default async function globalSetup(): Promise<void> {
  ensureFrontendBuilt();
  await pgliteInitialFiles();
}
