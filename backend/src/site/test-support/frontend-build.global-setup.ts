import { ensureFrontendBuilt } from './frontend-build';

/**
 * Jest's global set-up of the int project: the front end is built (when missing or stale) once,
 * before any worker starts an app. Suites that called ensureFrontendBuilt themselves left a race:
 * an app started by another worker meanwhile had no pages to render and answered '/' with 404
 * (CI on a fresh clone, responsive-images on PGlite, 2026-11-27).
 */
export default function globalSetup(): void {
  ensureFrontendBuilt();
}
