import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { isMaintenanceActive, visitorSettings, type SettingsRecord } from '@punchline/domain';
import { frontendDistDir } from '../../platform/http/frontend-dist';
import { STRICT_TRANSPORT_SECURITY, htmlSecurityHeaders } from '../../platform/http/security-headers';
import { CONFIG } from '../../platform/platform.module';
import type { AppConfig } from '../../platform/config/config';
import { sessionCookieName } from '../../auth';
import { SettingsReadService, type LiveSnapshot } from '../../settings';
import { robotsTxt, sitemapXml } from '../seo/seo-documents';
import { SsrBundle, type SiteData } from '../ssr/ssr-bundle';
import { CompressedAssets } from '../assets/compressed-assets';
import { maintenanceRetryAfterSeconds } from './retry-after';
import type { PageVariant } from './site-request';
import { SiteHistory } from '../../history';
import { comedyEventsJsonLd, showTimes } from '../show-season/show-season';
import { ResponsiveImages } from '../../media';

/** A finished answer: bytes (and their gzip) with complete header sets for both, built once and written as is. */
export interface PreparedResponse {
  status: number;
  etag: string;
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  plainHeaders: Record<string, string>;
  gzipHeaders: Record<string, string>;
}

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

/** A live page, or the maintenance page with its Retry-After while maintenance is on. */
export type LivePage = PreparedResponse | { maintenance: PreparedResponse; retryAfter: number };

const VARIANT_QUERY: Record<PageVariant, string> = { default: '', sent: '?sent=1', failed: '?failed=1' };
/** The pages listing upcoming shows, which carry their schema.org structured data. */
const STRUCTURED_DATA_PATHS: ReadonlySet<string> = new Set(['/', '/events']);
const DAY_MS = 86_400_000;

function prepare(status: number, contentType: string, text: string, headers: Record<string, string>, fixedEtag?: string): PreparedResponse {
  const body = Buffer.from(text, 'utf8');
  const gzip = gzipSync(body, { level: 9 });
  const etag = fixedEtag ?? `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const all = { ...BASE_HEADERS, 'Content-Type': contentType, ETag: etag, Vary: 'Accept-Encoding', ...headers };
  return {
    status,
    etag,
    headers: all,
    body,
    gzip,
    plainHeaders: { ...all, 'Content-Length': String(body.length) },
    gzipHeaders: { ...all, 'Content-Length': String(gzip.length), 'Content-Encoding': 'gzip' },
  };
}

/**
 * The server-rendered public site (DESIGN §9). Live pages are rendered from the live settings and
 * kept per live version, so serving one is a map lookup; a new version (a projected Published)
 * empties the map and the pages are rendered again, in the background right away and on demand.
 * Maintenance is decided per request. Draft previews are rendered per request, never kept.
 */
/**
 * How long pre-rendering waits after the last live change: the command that made it answers
 * first, and a burst of changes (publish, then roll back) renders once, after it.
 */
const WARM_DELAY_MS = 1_000;

@Injectable()
export class SitePagesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('site');
  readonly bundle: SsrBundle | null;
  readonly pagePaths: ReadonlySet<string>;
  readonly clientFiles: ReadonlySet<string>;
  private readonly baseUrl: string;
  readonly production: boolean;
  /** `name=` of the session cookie: a request carrying it may be an admin's (see mayBeSignedIn). */
  private readonly sessionCookie: string;
  private version = -1;
  private live: LiveSnapshot | null = null;
  private pages = new Map<string, PreparedResponse>();
  /** The UTC day (days since the epoch: a division per visit, not a date string) the dated pages (STRUCTURED_DATA_PATHS) were rendered for. */
  private pagesDay = -1;
  private maintenancePage: PreparedResponse | null = null;
  private seo: { sitemap: PreparedResponse; robots: PreparedResponse } | null = null;
  private adminShell: PreparedResponse | null = null;
  private liveAnswer: PreparedResponse | null = null;
  /** The hashed build files, compressed once in memory. */
  readonly assets: CompressedAssets;
  private stopListening: (() => void) | null = null;
  private stopListeningToImages: (() => void) | null = null;
  private warmTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly reads: SettingsReadService,
    @Inject(CONFIG) config: AppConfig,
    private readonly history: SiteHistory,
    private readonly images: ResponsiveImages,
  ) {
    this.baseUrl = config.publicBaseUrl.replace(/\/+$/, '');
    this.production = config.production;
    this.sessionCookie = `${sessionCookieName(config)}=`;
    const dist = frontendDistDir();
    this.bundle = SsrBundle.load(dist);
    this.pagePaths = new Set(this.bundle ? this.bundle.entry.PUBLIC_PAGES.map((p) => p.path) : []);
    this.clientFiles = listClientFiles(join(dist, 'client'));
    this.assets = new CompressedAssets(join(dist, 'client', 'assets'));
  }

  onModuleInit(): void {
    if (!this.bundle) {
      this.logger.warn('frontend/dist is missing: run `npm run build:web`; public pages answer 404 until then');
      return;
    }
    // Render the new version's pages as soon as it is seen, so the next visitor already gets a lookup.
    this.stopListening = this.reads.onLiveChanged(() => this.warm());
    // New image variants change the pages' <picture> elements: render them again.
    this.stopListeningToImages = this.images.onChanged(() => {
      this.pages = new Map();
      this.maintenancePage = null;
      this.warm();
    });
  }

  onModuleDestroy(): void {
    if (this.warmTimer) clearTimeout(this.warmTimer);
    this.stopListening?.();
    this.stopListeningToImages?.();
  }

  /** The live page for every visitor (and for anyone asking for a draft they may not see). */
  async livePage(path: string, variant: PageVariant, now: Date = new Date()): Promise<LivePage> {
    return this.pageOf(await this.current(), path, variant, now);
  }

  /** livePage without waiting: null when the live version must be checked first (then use livePage). */
  livePageNow(path: string, variant: PageVariant): LivePage | null {
    const live = this.currentNow();
    return live && this.pageOf(live, path, variant, new Date());
  }

  private pageOf(live: LiveSnapshot, path: string, variant: PageVariant, now: Date): LivePage {
    if (isMaintenanceActive(live.settings, now)) {
      return { maintenance: this.maintenance(live), retryAfter: maintenanceRetryAfterSeconds(live.settings, now) };
    }
    // The shows' structured data leaves out past shows: those pages are rendered again each UTC day.
    const day = Math.floor(now.getTime() / DAY_MS);
    if (day !== this.pagesDay) {
      this.pagesDay = day;
      for (const datedPath of STRUCTURED_DATA_PATHS) this.pages.delete(datedPath);
    }
    const key = variant === 'default' ? path : `${path}|${variant}`;
    let page = this.pages.get(key);
    if (!page) {
      page = this.renderLive(live, path + VARIANT_QUERY[variant]);
      this.pages.set(key, page);
    }
    return page;
  }

  /** The draft merged over live, public reading, for an admin (SPEC §4): never cached, bypasses maintenance. */
  async draftPage(url: string): Promise<PreparedResponse> {
    const { settings } = await this.reads.getDraft('public');
    return this.html(200, this.bundle!.renderPage(url, { settings: visitorSettings(settings), stage: 'draft', maintenance: false, images: this.images.forSettings(settings), showTimes: showTimes(settings, new Date()) }, this.baseUrl, this.structuredData(url, settings)), {
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    });
  }

  /**
   * DESIGN §13: the six pages as live read right after point `position`, for an admin: with the
   * banner, links keeping `at`, never cached, maintenance ignored.
   */
  async historyPage(url: string, position: number): Promise<PreparedResponse> {
    const state = await this.history.stateAt('live', { position });
    const data = {
      settings: visitorSettings(state.settings),
      stage: 'live' as const,
      maintenance: false,
      asOf: { position: state.position, occurredAt: state.occurred_at },
      images: this.images.forSettings(state.settings),
      showTimes: showTimes(state.settings, new Date()),
    };
    return this.html(200, this.bundle!.renderPage(url, data, this.baseUrl, this.structuredData(url, state.settings)), {
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    });
  }

  adminShellPage(): PreparedResponse {
    this.adminShell ??= this.html(200, this.bundle!.renderAdminShell(), {
      'Cache-Control': 'no-cache',
      'X-Robots-Tag': 'noindex',
    });
    return this.adminShell;
  }

  /**
   * `GET /api/settings?stage=live` (SPEC §7): the flat live settings, the same bytes for everyone,
   * with the version as ETag (the same answer GetSettingsHttpController gives for other spellings).
   */
  async liveSettings(): Promise<PreparedResponse> {
    return this.liveSettingsOf(await this.current());
  }

  /**
   * Whether a request carries a session, so Express must ask who it is (an admin reads the whole
   * live record). Visitors carry none, so their live answer stays a lookup.
   */
  mayBeSignedIn(cookieHeader: string | undefined): boolean {
    return cookieHeader !== undefined && cookieHeader.includes(this.sessionCookie);
  }

  /** liveSettings without waiting: null when the live version must be checked first. */
  liveSettingsNow(): PreparedResponse | null {
    const live = this.currentNow();
    return live && this.liveSettingsOf(live);
  }

  private liveSettingsOf(live: LiveSnapshot): PreparedResponse {
    // Vary: Cookie as the Express answer says: a signed-in admin gets more at the same URL, so no
    // shared cache may hand this visitors' copy to an admin.
    this.liveAnswer ??= this.answer(200, 'application/json; charset=utf-8', live.json, { 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding, Cookie' }, live.etag);
    return this.liveAnswer;
  }

  async seoDocuments(): Promise<{ sitemap: PreparedResponse; robots: PreparedResponse }> {
    const live = await this.current();
    if (!this.seo) {
      const cache = { 'Cache-Control': 'public, max-age=3600' };
      this.seo = {
        sitemap: this.answer(200, 'application/xml; charset=utf-8', sitemapXml(this.baseUrl, [...this.pagePaths], live.updatedAt), cache),
        robots: this.answer(200, 'text/plain; charset=utf-8', robotsTxt(this.baseUrl), cache),
      };
    }
    return this.seo;
  }

  /** The live snapshot; a version change drops everything rendered from the previous one. */
  private async current(): Promise<LiveSnapshot> {
    return this.adopt(await this.reads.getLive());
  }

  /** The live snapshot unless it must be read again first (then null); a due revalidation runs behind it. */
  private currentNow(): LiveSnapshot | null {
    const live = this.reads.peekLiveRevalidating();
    return live && this.adopt(live);
  }

  private adopt(live: LiveSnapshot): LiveSnapshot {
    if (live.version !== this.version) {
      this.version = live.version;
      this.live = live;
      this.pages = new Map();
      this.maintenancePage = null;
      this.seo = null;
      this.liveAnswer = null;
    }
    return this.live!;
  }

  /** schema.org ComedyEvent JSON-LD on the pages that list upcoming shows (issue 14). */
  private structuredData(url: string, settings: SettingsRecord, now: Date = new Date()): string {
    const path = url.split('?')[0]!;
    return STRUCTURED_DATA_PATHS.has(path) ? comedyEventsJsonLd(settings, this.baseUrl, now) : '';
  }

  private siteData(settings: SettingsRecord, maintenance: boolean): SiteData {
    return { settings: visitorSettings(settings), stage: 'live', maintenance, images: this.images.forSettings(settings), showTimes: showTimes(settings, new Date()) };
  }

  private renderLive(live: LiveSnapshot, url: string): PreparedResponse {
    return this.html(200, this.bundle!.renderPage(url, this.siteData(live.settings, false), this.baseUrl, this.structuredData(url, live.settings)), {
      'Cache-Control': 'public, max-age=0, must-revalidate',
    });
  }

  private maintenance(live: LiveSnapshot): PreparedResponse {
    this.maintenancePage ??= this.html(503, this.bundle!.renderPage('/', this.siteData(live.settings, true), this.baseUrl), {
      'Cache-Control': 'no-store',
    });
    return this.maintenancePage;
  }

  /** An HTML document, prepared once with the CSP for exactly the inline scripts it carries. */
  private html(status: number, text: string, headers: Record<string, string>): PreparedResponse {
    return prepare(status, 'text/html; charset=utf-8', text, { ...htmlSecurityHeaders(text, this.production), ...headers });
  }

  /** Any other prepared answer: HTTPS only in production, like everything Express sends. */
  private answer(status: number, contentType: string, text: string, headers: Record<string, string>, etag?: string): PreparedResponse {
    const hsts: Record<string, string> = this.production ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {};
    return prepare(status, contentType, text, { ...hsts, ...headers }, etag);
  }

  /**
   * Renders the live version's pages ahead of visitors: WARM_DELAY_MS after the last change, one
   * page per turn of the event loop, and no further once a newer version is seen (issue 25). Rendering all six in
   * one go right at the commit held the event loop between the projector's commit and the admin's
   * answer: publish and rollback measured 0.5–1.1 s on a loaded 2-core machine, most of it here.
   * A visitor asking before a page is ready gets it rendered on demand, as always.
   */
  private warm(): void {
    if (this.warmTimer) clearTimeout(this.warmTimer);
    this.warmTimer = setTimeout(() => {
      this.warmTimer = null;
      this.current()
        .then((current) => {
          const paths = [...this.pagePaths];
          const next = (): void => {
            const path = paths.shift();
            if (path === undefined || this.live !== current) return;
            if (!this.pages.has(path)) this.pages.set(path, this.renderLive(current, path));
            setImmediate(next);
          };
          next();
        })
        .catch((error: unknown) => this.logger.error(`pre-rendering the public pages failed: ${String(error)}`));
    }, WARM_DELAY_MS);
    this.warmTimer.unref();
  }
}


/** Root files of the client build other than index.html (favicon, robots of a custom build…): the static handler serves them. */
function listClientFiles(clientDir: string): ReadonlySet<string> {
  try {
    return new Set(
      readdirSync(clientDir)
        .filter((name) => name !== 'index.html' && !name.startsWith('.') && statSync(join(clientDir, name)).isFile())
        .map((name) => `/${name}`),
    );
  } catch {
    return new Set();
  }
}
