/** Loading behaviours (SPEC §2, §8, §9): progress bar, failed route preload, Page Error, reduced motion. */
import type { Page } from 'playwright-core';
import { openPage, selectors, waitForApiReference } from '../support/browser';
import { useBrowserSession } from '../support/browser-session';

/** Each test opens its context, with the options it needs. */
const session = useBrowserSession(null);

describe('the progress bar', () => {
  it('appears when a navigation takes longer than 200 ms', async () => {
    const context = await session.newContext();
    const { page } = await openPage(context, '/');
    await page.route('**/page-data/docs/intro/page-data.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('main a', { hasText: 'Get started' }).click();
    await page.waitForSelector('#nprogress .bar', { timeout: 1400 });
    await page.waitForURL('**/docs/intro/');
    await page.waitForSelector('#nprogress', { state: 'detached' });
  });

  it('stays hidden when a navigation is quick', async () => {
    const context = await session.newContext();
    const { page } = await openPage(context, '/');
    await page.evaluate(() => {
      const seen = { bar: false };
      new MutationObserver(() => {
        if (document.getElementById('nprogress') !== null) seen.bar = true;
      }).observe(document.body, { childList: true, subtree: true });
      (window as unknown as { seen: typeof seen }).seen = seen;
    });
    await page.locator('main a', { hasText: 'Get started' }).click();
    await page.waitForURL('**/docs/intro/');
    await page.waitForTimeout(400);
    expect(
      await page.evaluate(() => (window as unknown as { seen: { bar: boolean } }).seen.bar),
    ).toBe(false);
  });
});

describe('a failed route preload', () => {
  it('reloads the page at the target path', async () => {
    const context = await session.newContext();
    const { page } = await openPage(context, '/');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.route('**/page-data/docs/intro/page-data.json', (route) => route.abort());
    await page.locator('main a', { hasText: 'Get started' }).click();
    await page.waitForURL('**/docs/intro/');
    await page.waitForSelector('h1:has-text("Introduction")');
    expect(
      await page.evaluate(() => (window as unknown as { marker?: boolean }).marker),
    ).toBeUndefined();
  });
});

describe('Page Error', () => {
  it('shows "Page Error" with "Try again" when the API reference cannot load, and recovers', async () => {
    const context = await session.newContext();
    let failing = true;
    await context.route('**/openapi.json', (route) =>
      failing ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
    );
    const { page } = await openPage(context, '/api/');
    // Redoc loads on the first interaction; the build-time reference stays readable meanwhile.
    await page.locator('[data-api-reference] .api-content h1').first().click();
    await page.locator('h2', { hasText: 'Page Error' }).waitFor();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await waitForApiReference(page);
  });
});

/** Clicks the Developers caret and returns the transitions the collapsible went through. */
async function collapseDevelopers(page: Page): Promise<string[]> {
  await page.evaluate((sidebar) => {
    const list = document.querySelector(sidebar + ' li > ul') as HTMLElement;
    const seen: string[] = [];
    new MutationObserver(() => {
      if (list.style.transition !== '') seen.push(list.style.transition);
    }).observe(list, { attributes: true, attributeFilter: ['style'] });
    (window as unknown as { transitions: string[] }).transitions = seen;
  }, selectors.docsSidebar);
  await page
    .getByRole('button', { name: "Collapse sidebar category 'Developers'" })
    .first()
    .click();
  await page.waitForFunction(
    () => (window as unknown as { transitions: string[] }).transitions.length > 0,
  );
  return page.evaluate(() => (window as unknown as { transitions: string[] }).transitions);
}

describe('reduced motion', () => {
  it('collapses sidebar categories in 1 ms', async () => {
    const context = await session.newContext({ reducedMotion: 'reduce' });
    const { page } = await openPage(context, '/docs/intro/');
    expect(await collapseDevelopers(page)).toEqual(['height 1ms ease-in-out']);
  });

  it('animates for longer, by content height, without the preference', async () => {
    const context = await session.newContext({ reducedMotion: 'no-preference' });
    const { page } = await openPage(context, '/docs/intro/');
    const [transition] = await collapseDevelopers(page);
    expect(transition).toMatch(/^height \d{3}ms ease-in-out$/);
  });
});
