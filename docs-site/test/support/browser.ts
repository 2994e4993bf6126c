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

export function watch(page: Page): WatchedPage {
  const watched: WatchedPage = {
    page,
    consoleErrors: [],
    consoleWarnings: [],
    externalRequests: [],
  };
  const origin = new URL(siteUrl()).origin;
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

/** Gatsby has hydrated once the colour toggle is enabled (it is disabled in the server HTML). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('.navbar__color-toggle:not([disabled])', { timeout: 20_000 });
}

/** /api/ renders Redoc after hydration; it marks itself ready once Redoc has loaded. */
export async function waitForApiReference(page: Page): Promise<void> {
  await page.waitForSelector('.api-reference[data-ready="true"]', { timeout: 30_000 });
  await page.waitForSelector('.redoc-wrap');
}
