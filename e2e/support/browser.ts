import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const cspViolations: string[] = [];

/** The CSP violations reported since the last call (e2e/support/csp-guard.ts fails a test that has any). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

// An init script runs before the page's own and is not subject to its CSP: it reports every
// violation (public or admin, main frame or embed) as a console error the context hears.
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.documentURI));`;

async function watchCsp(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript({ content: REPORT_VIOLATIONS });
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && (text.startsWith('CSP violation') || text.includes('Content Security Policy'))) cspViolations.push(text);
  });
  return context;
}

/**
 * Debian's Chromium, headless, quiet (no background networking, no component updates). Every
 * context it opens, however a test opens it, reports CSP violations (DESIGN §14).
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  // Browser.newPage opens its context through newContext, so this covers both.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchCsp(await newContext(options));
  return browser;
}

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/** No sideways scrolling at this width. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The visible elements of a public page that reach past the screen's sides, described. The page
 * clips sideways overflow (`.site { overflow-x: clip }`), so a too-wide card adds no scrollbar that
 * horizontalOverflow would see: its edge is simply cut off.
 */
export async function clippedContent(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.site *')]
      .filter((el) => {
        // Deliberately off-screen: screen-reader text, the contact form's honeypot, the skip link until focused.
        if (el.closest('.visually-hidden, .field--trap, .skip-link')) return false;
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1 || !el.checkVisibility()) return false;
        return box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5;
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.left)}..${Math.round(box.right)}`;
      }),
  );
}

/**
 * A field's value once it is `expected`, or its last value after `timeoutMs`. A view switch shows
 * its words at once and fills the fields when its record arrives: reading the field once races that.
 */
export async function valueOnceSettled(field: Locator, expected: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let value = await field.inputValue();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await field.inputValue();
  }
  return value;
}
