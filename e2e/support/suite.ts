/**
 * The set-up every browser spec shares, declared once: one built app and one Chromium for the file,
 * pages in fresh contexts (own cookies) that are closed after each test, and sign-in through the
 * loopback Google stand-in. Call `browserSuite()` at the top level of a spec: it registers the jest
 * hooks; read `app` and `browser` inside tests (they exist once beforeAll has run).
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { type BuiltApp, E2E_ADMIN_EMAIL, type StartBuiltAppOptions, startBuiltApp } from './app';
import { DESKTOP, launchChromium } from './browser';

type Viewport = { width: number; height: number };

export interface SignInOptions {
  email?: string;
  /** The display name the stand-in reports; the e-mail's local part when absent. */
  name?: string;
  viewport?: Viewport;
  /** Another app than the suite's (a second start on the same data, say). */
  on?: BuiltApp;
  /** Where sign-in is done: the exact `path` unless told (an auditor lands elsewhere under /admin). */
  landed?: (url: URL) => boolean;
  context?: Omit<BrowserContextOptions, 'viewport'>;
}

export interface BrowserSuite {
  readonly app: BuiltApp;
  readonly browser: Browser;
  /** A fresh context and its page, anonymous; closed after the test. */
  page(viewport?: Viewport, context?: Omit<BrowserContextOptions, 'viewport'>): Promise<Page>;
  /** Signs in (E2E_ADMIN_EMAIL unless told) in a fresh context and lands on `path`; closed after the test. */
  signIn(path: string, options?: SignInOptions): Promise<Page>;
}

export interface BrowserSuiteOptions extends StartBuiltAppOptions {
  /**
   * Before closing a test's contexts: leave every page (no open editor may take a lock another
   * releases) and give back the draft lock each holds, so the next test starts with a free lock.
   */
  releaseLocks?: boolean;
}

export function browserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  const { releaseLocks = false, ...start } = options;
  let app: BuiltApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startBuiltApp(start);
    browser = await launchChromium();
  }, 120_000);

  afterEach(async () => {
    const open = contexts.splice(0);
    if (releaseLocks && app) {
      for (const context of open) for (const page of context.pages()) await page.goto('about:blank').catch(() => undefined);
      for (const context of open) {
        await context.request.post(`${app.baseUrl}/api/settings/lock/release`, { data: {}, headers: { origin: app.baseUrl } }).catch(() => undefined);
      }
    }
    for (const context of open) await context.close().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  }, 60_000);

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite's ${what} is read before beforeAll started it`);
    return value;
  };

  const suite: BrowserSuite = {
    get app() {
      return started(app, 'app');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async page(viewport = DESKTOP, context = {}) {
      const opened = await suite.browser.newContext({ ...context, viewport });
      contexts.push(opened);
      return opened.newPage();
    },
    async signIn(path, signIn = {}) {
      const on = signIn.on ?? suite.app;
      const email = signIn.email ?? E2E_ADMIN_EMAIL;
      await on.oauth!.setDefaultUser({ email, name: signIn.name ?? email.split('@')[0]!, emailVerified: true });
      const page = await suite.page(signIn.viewport, signIn.context);
      await page.goto(`${on.baseUrl}/api/auth/google?returnTo=${encodeURIComponent(path)}`);
      await page.waitForURL(signIn.landed ?? ((url) => url.pathname === path));
      return page;
    },
  };
  return suite;
}
