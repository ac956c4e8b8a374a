/**
 * What a server-rendered public page hands to the browser for hydration: the settings the page was
 * rendered from, the stage actually shown, and whether the maintenance page replaced the site.
 */
import type { ResponsiveImage, SettingsRecord, ShowTime } from '@punchline/domain';

export type SiteStage = 'live' | 'draft';

export interface SiteData {
  settings: SettingsRecord;
  /** 'draft' only when an admin is shown the draft; anyone else asking for it gets 'live'. */
  stage: SiteStage;
  maintenance: boolean;
  /** Set when an admin looks at live as it was right after a point of history (DESIGN §13 `?at=N`). */
  asOf?: { position: number; occurredAt: string | null };
  /** Processed library images the settings use, by link as stored: their `srcset` (issue 13). */
  images?: Record<string, ResponsiveImage>;
  /**
   * Issue 31: each show date the server could read, by its text as stored: the instant in the site
   * time zone and the zone's name, so the page marks up local times without the date parser.
   */
  showTimes?: Record<string, ShowTime>;
}

export const SITE_DATA_ELEMENT_ID = 'site-data';

/**
 * JSON safe inside a <script> element: '<' is escaped so no '</script>' or '<!--' in a setting can
 * end the element early, and U+2028/U+2029 so older parsers treat it as one line.
 */
export function serialiseSiteData(data: SiteData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function siteDataScript(data: SiteData): string {
  return `<script id="${SITE_DATA_ELEMENT_ID}" type="application/json">${serialiseSiteData(data)}</script>`;
}

/** The data embedded by the server, or null on pages it did not render (the admin shell). */
export function readSiteData(doc: Document): SiteData | null {
  const text = doc.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SiteData;
  } catch {
    return null;
  }
}
