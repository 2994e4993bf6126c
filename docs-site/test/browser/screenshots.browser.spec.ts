/** Screenshots at 1280 and 800 px of /, /docs/intro/ and /api/ in light and dark, for review. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ARTIFACTS_DIR } from '../support/browser-env';
import { launchChromium, newContext, openPage, waitForApiReference } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(path.join(ARTIFACTS_DIR, 'screenshots'), { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

const cases = ['/', '/docs/intro/', '/api/'].flatMap((route) =>
  [1280, 800].flatMap((width) =>
    (['light', 'dark'] as const).map((mode) => ({ route, width, mode })),
  ),
);

it.each(cases)('$route at $width px in $mode mode', async ({ route, width, mode }) => {
  const context = await newContext(browser, { viewport: { width, height: 900 } });
  try {
    await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    const { page, consoleErrors } = await openPage(context, route);
    if (route === '/api/') await waitForApiReference(page);
    const name = `${route === '/' ? 'home' : route.replaceAll('/', '-').replace(/^-|-$/g, '')}-${width}-${mode}.png`;
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'screenshots', name) });
    expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
    expect(consoleErrors).toEqual([]);
  } finally {
    await context.close();
  }
});
