/** Every route of SPEC §2 renders, with no console error and no request to another host. */
import type { Browser, BrowserContext } from 'playwright-core';
import { ROUTES, siteUrl } from '../support/browser-env';
import {
  launchChromium,
  newContext,
  openPage,
  waitForApiReference,
  watch,
} from '../support/browser';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser);
});
afterEach(async () => {
  await context.close();
});

describe.each(ROUTES)('$path', ({ path, heading }) => {
  it('renders its heading with no console error and no request to another host', async () => {
    const watched = await openPage(context, path);
    if (path === '/api/') await waitForApiReference(watched.page);
    await watched.page
      .locator('h1')
      .filter({ hasText: heading })
      .first()
      .waitFor({ state: 'visible' });
    expect(await watched.page.getAttribute('html', 'lang')).toBe('en');
    expect(await watched.page.getAttribute('html', 'dir')).toBe('ltr');
    expect(await watched.page.locator('nav[aria-label="Main"]').count()).toBe(1);
    expect(watched.consoleErrors).toEqual([]);
    expect(watched.externalRequests).toEqual([]);
  });
});

describe('the guides', () => {
  it('show the samples pulled from their files, highlighted', async () => {
    const { page } = await openPage(context, '/docs/developer/webhooks/');
    const code = page.locator('pre code.language-ts', {
      hasText: 'export function createWebhookReceiver',
    });
    expect(await code.count()).toBe(1);
    expect(await code.locator('.token.keyword').count()).toBeGreaterThan(5);
    expect(await page.locator('h3#post_commentcreated + p').count()).toBe(1);
  });
});

describe('the not-found page', () => {
  it('answers 404 with the not-found page for an unknown path', async () => {
    const page = watch(await context.newPage());
    const response = await page.page.goto(`${siteUrl()}/no/such/page/`);
    expect(response?.status()).toBe(404);
    expect(await page.page.locator('h1').textContent()).toBe('Page Not Found');
    expect(page.consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});

describe('canonical paths (SPEC §2)', () => {
  it.each([
    ['/docs/intro/index.html', '/docs/intro/'],
    ['/docs/intro.html', '/docs/intro/'],
    ['/docs/intro', '/docs/intro/'],
    ['/index.html', '/'],
  ])('%s shows %s', async (from, to) => {
    const page = await context.newPage();
    await page.goto(siteUrl() + from, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe(to);
    await page.locator('h1').first().waitFor({ state: 'visible' });
  });
});
