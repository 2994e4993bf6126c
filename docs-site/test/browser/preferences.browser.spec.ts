/** Colour mode and announcement bar (SPEC §4): persisted, synced across tabs, no flash. */
import type { Page } from 'playwright-core';
import { siteUrl } from '../support/browser-env';
import { openPage, selectors, waitForHydration, watch } from '../support/browser';
import { useBrowserSession } from '../support/browser-session';

// The system prefers dark: the site must still start light (it does not follow the system).
const session = useBrowserSession({ colorScheme: 'dark' });

const theme = (page: Page) => page.getAttribute('html', 'data-theme');
const toggle = (page: Page) => page.locator(selectors.colorToggle).click();

/** Loads a page without running any of Gatsby's JavaScript: what the browser paints first. */
async function firstPaint(path: string): Promise<Page> {
  const page = await session.context.newPage();
  await page.route(/\/(app|framework|webpack-runtime|component---)[^/]*\.js$/, (route) =>
    route.abort(),
  );
  await page.goto(siteUrl() + path, { waitUntil: 'load' });
  return page;
}

describe('colour mode', () => {
  it('is light by default even when the system prefers dark', async () => {
    const { page } = await openPage(session.context, '/');
    expect(await theme(page)).toBe('light');
  });

  it('persists the toggle under "theme" and applies it before the page is hydrated', async () => {
    const { page } = await openPage(session.context, '/docs/intro/');
    await toggle(page);
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    const reloaded = await firstPaint('/docs/developer/webhooks/');
    expect(await theme(reloaded)).toBe('dark');
    expect(await reloaded.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(18, 16, 24)',
    );
  });

  it('follows a change made in another tab, including clearing the choice', async () => {
    const first = await openPage(session.context, '/');
    const second = await openPage(session.context, '/docs/intro/');
    await toggle(first.page);
    await second.page.waitForFunction(
      () => document.documentElement.getAttribute('data-theme') === 'dark',
    );
    await first.page.evaluate(() => localStorage.removeItem('theme'));
    await second.page.waitForFunction(
      () => document.documentElement.getAttribute('data-theme') === 'light',
    );
  });

  it('still works without browser storage, with one warning', async () => {
    await session.context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Storage is disabled', 'SecurityError');
        },
      });
    });
    const watched = watch(await session.context.newPage());
    await watched.page.goto(`${siteUrl()}/`, { waitUntil: 'networkidle' });
    await waitForHydration(watched.page);
    await toggle(watched.page);
    expect(await theme(watched.page)).toBe('dark');
    expect(watched.consoleErrors).toEqual([]);
    expect(watched.consoleWarnings.filter((text) => text.includes('storage'))).toHaveLength(1);
  });
});

describe('announcement bar', () => {
  const bar = (page: Page) => page.locator(selectors.announcementBar);

  it('stays closed once dismissed, with no flash on the next page load', async () => {
    const { page } = await openPage(session.context, '/');
    expect(await bar(page).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close announcement' }).click();
    expect(await bar(page).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('announcement.dismiss'))).toBe('true');

    const painted = await firstPaint('/docs/intro/');
    expect(await bar(painted).isVisible()).toBe(false);
    const hydrated = await openPage(session.context, '/docs/intro/');
    await bar(hydrated.page).waitFor({ state: 'detached' });
  });

  it('comes back when the announcement id changes', async () => {
    await session.context.addInitScript(() => {
      if (sessionStorage.getItem('seeded') !== null) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('announcement.id', 'an-older-announcement');
      localStorage.setItem('announcement.dismiss', 'true');
    });
    const { page } = await openPage(session.context, '/');
    expect(await bar(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('announcement.dismiss'))).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('announcement.id'))).toBe(
      'brand-api-1-0-0',
    );
  });
});
