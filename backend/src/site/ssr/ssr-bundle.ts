import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResponsiveImage, SettingsRecord, ShowTime } from '@punchline/domain';

/** What the server hands a page to render (frontend/src/public/site-data.ts, mirrored: backend may not import frontend). */
export interface SiteData {
  settings: SettingsRecord;
  stage: 'live' | 'draft';
  maintenance: boolean;
  asOf?: { position: number; occurredAt: string | null };
  /** Processed library images the settings use, by link as stored (issue 13). */
  images?: Record<string, ResponsiveImage>;
  /** Readable show dates by their text: instant in the site zone and the zone's name (issue 31). */
  showTimes?: Record<string, ShowTime>;
}

/** The exports of frontend/dist/server/entry-server.cjs that the server uses. */
export interface SsrEntry {
  render(input: { url: string; data: SiteData; baseUrl: string }): { head: string; html: string; data: string };
  adminShellHead(): string;
  PUBLIC_PAGES: readonly { key: string; path: string; label: string }[];
}

/**
 * The built front end, loaded once: the server entry (CommonJS, required), and the client's
 * index.html (Vite put the hashed entry script and stylesheet from its manifest into it) cut at
 * its three markers, so a page is four string joins.
 */
export class SsrBundle {
  private constructor(
    readonly entry: SsrEntry,
    private readonly parts: readonly [string, string, string, string],
  ) {}

  static load(distDir: string): SsrBundle | null {
    const serverEntry = join(distDir, 'server', 'entry-server.cjs');
    const template = join(distDir, 'client', 'index.html');
    if (!existsSync(serverEntry) || !existsSync(template)) return null;
    const entry = require(serverEntry) as SsrEntry;
    return new SsrBundle(entry, splitTemplate(readFileSync(template, 'utf8')));
  }

  /** A whole document for a public page or the maintenance page; `extraHead` (structured data) goes at the end of <head>. */
  renderPage(url: string, data: SiteData, baseUrl: string, extraHead = ''): string {
    const { head, html, data: script } = this.entry.render({ url, data, baseUrl });
    const [a, b, c, d] = this.parts;
    return a + head + extraHead + b + html + c + script + d;
  }

  /** The admin area's document: the same scripts, an empty root, no settings (the admin app is client-only). */
  renderAdminShell(): string {
    const [a, b, c, d] = this.parts;
    return a + this.entry.adminShellHead() + b + c + d;
  }
}

const MARKERS = ['<!--app-head-->', '<!--app-html-->', '<!--app-data-->'] as const;

export function splitTemplate(template: string): [string, string, string, string] {
  const at = MARKERS.map((m) => template.indexOf(m));
  if (at.some((i) => i < 0) || !(at[0] < at[1] && at[1] < at[2])) {
    throw new Error(`index.html must contain ${MARKERS.join(', ')} in this order`);
  }
  return [
    template.slice(0, at[0]),
    template.slice(at[0] + MARKERS[0].length, at[1]),
    template.slice(at[1] + MARKERS[1].length, at[2]),
    template.slice(at[2] + MARKERS[2].length),
  ];
}
