/**
 * Browser helpers: launch Debian's Chromium through playwright-core, and open pages that record
 * every console error, uncaught exception and request to a host other than the local server.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, siteUrl } from './browser-env';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface WatchedPage {
  page: Page;
  consoleErrors: string[];
  consoleWarnings: string[];
  externalRequests: string[];
}

/** Records what goes wrong on a page; requests to any origin but the site's are "external". */
export function watch(page: Page, site: string = siteUrl()): WatchedPage {
  const watched: WatchedPage = {
    page,
    consoleErrors: [],
    consoleWarnings: [],
    externalRequests: [],
  };
  const origin = new URL(site).origin;
  page.on('console', (message) => {
    if (message.type() === 'error') watched.consoleErrors.push(message.text());
    if (message.type() === 'warning') watched.consoleWarnings.push(message.text());
  });
  page.on('pageerror', (error) => watched.consoleErrors.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      watched.externalRequests.push(url);
    }
  });
  return watched;
}

export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
}

export async function openPage(context: BrowserContext, path: string): Promise<WatchedPage> {
  const watched = watch(await context.newPage());
  await watched.page.goto(siteUrl() + path, { waitUntil: 'networkidle' });
  await waitForHydration(watched.page);
  return watched;
}

/**
 * What the tests find elements by: roles, labels and state attributes a user (or assistive
 * technology) relies on, never the hashed class names of CSS modules.
 */
export const selectors = {
  navbar: 'nav[aria-label="Main"]',
  /** The navbar's own colour toggle (the mobile sidebar has another one). */
  colorToggle:
    'nav[aria-label="Main"] button[aria-label^="Switch between dark and light mode"]:not(#navbar-sidebar *)',
  hamburger: 'button[aria-label="Toggle navigation bar"]',
  mobileSidebar: '#navbar-sidebar',
  docsSidebar: 'nav[aria-label="Docs sidebar"]',
  announcementBar: '[role="region"][aria-label="Announcement"]',
  apiReferenceReady: '[data-api-reference][data-ready="true"]',
} as const;

/** Gatsby has hydrated once the colour toggle is enabled (it is disabled in the server HTML). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector(`${selectors.colorToggle}:not([disabled])`, { timeout: 20_000 });
}

/**
 * /api/'s build-time sections start unrendered off screen and are laid out one per idle period
 * (ApiReference): until the last is, sections below the fold still grow from their 900 px
 * placeholder, and anything that measured the page (axe's colour-contrast grid) is out of date.
 */
export async function waitForApiReferenceLaidOut(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-api-reference] [data-section-id]:not([data-laid-out])')
        .length === 0,
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * /api/ arrives as HTML rendered at build time; Redoc loads when the reader first interacts
 * (here: a click on the reference's title) and marks the reference ready once it is live.
 */
export async function waitForApiReference(page: Page): Promise<void> {
  const ready = page.locator(selectors.apiReferenceReady);
  if ((await ready.count()) === 0) {
    await page.locator('[data-api-reference] .api-content h1').first().click();
  }
  await ready.waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForSelector('.redoc-wrap');
}
