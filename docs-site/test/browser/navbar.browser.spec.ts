/** The navbar behaviours of SPEC §2/§4: breakpoint, mobile sidebar, dropdowns, hideOnScroll, skip link. */
import type { BrowserContext, Page } from 'playwright-core';
import { siteUrl } from '../support/browser-env';
import { openPage, selectors, waitForHydration } from '../support/browser';
import { useBrowserSession } from '../support/browser-session';

/** Each test opens its context, with the viewport it needs. */
const session = useBrowserSession(null);
let context: BrowserContext;

const hamburger = (page: Page) => page.locator(selectors.hamburger);
const sidebarShown = (page: Page) => page.locator(selectors.mobileSidebar).isVisible();
/** Open or closed: the hamburger's state, and the sidebar shown or not. */
async function waitForSidebar(page: Page, state: 'visible' | 'hidden'): Promise<void> {
  const expanded = state === 'visible' ? 'true' : 'false';
  await page.waitForSelector(`${selectors.hamburger}[aria-expanded="${expanded}"]`, {
    state: 'attached',
  });
  await page.locator(selectors.mobileSidebar).waitFor({ state });
}
const guidesLink = (page: Page) =>
  page.locator(`${selectors.navbar} a`, { hasText: 'Guides' }).first();

describe('the 996 px breakpoint', () => {
  it('shows the hamburger at 996 px and the desktop items at 997 px', async () => {
    context = await session.newContext({ viewport: { width: 996, height: 800 } });
    const { page } = await openPage(context, '/docs/intro/');
    expect(await hamburger(page).isVisible()).toBe(true);
    expect(await guidesLink(page).isVisible()).toBe(false);

    await page.setViewportSize({ width: 997, height: 800 });
    await page.waitForFunction(
      (hamburgerSelector) =>
        getComputedStyle(document.querySelector(hamburgerSelector)!).display === 'none',
      selectors.hamburger,
    );
    expect(await guidesLink(page).isVisible()).toBe(true);
  });
});

describe('the mobile sidebar', () => {
  beforeEach(async () => {
    context = await session.newContext({ viewport: { width: 800, height: 800 } });
  });

  it('opens on the docs sidebar, goes back to the main menu, and locks page scrolling', async () => {
    const { page } = await openPage(context, '/docs/intro/');
    await hamburger(page).click();
    await waitForSidebar(page, 'visible');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const back = page.getByRole('button', { name: 'Back to main menu' });
    await back.waitFor({ state: 'visible' });
    expect(
      await page.locator(`${selectors.mobileSidebar} a`, { hasText: 'Webhooks' }).isVisible(),
    ).toBe(true);

    await back.click();
    await page
      .locator(`${selectors.mobileSidebar} a`, { hasText: 'Product website' })
      .waitFor({ state: 'visible' });

    await page.getByRole('button', { name: 'Close navigation bar' }).click();
    await waitForSidebar(page, 'hidden');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  it('closes on back navigation', async () => {
    const { page } = await openPage(context, '/');
    await page.locator('main a', { hasText: 'Get started' }).click();
    await page.waitForURL('**/docs/intro/');
    await hamburger(page).click();
    await waitForSidebar(page, 'visible');
    await page.goBack();
    await page.waitForURL(`${siteUrl()}/`);
    await waitForSidebar(page, 'hidden');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  it('closes when the window widens to desktop', async () => {
    const { page } = await openPage(context, '/');
    await hamburger(page).click();
    await waitForSidebar(page, 'visible');
    expect(await sidebarShown(page)).toBe(true);
    await page.setViewportSize({ width: 1200, height: 800 });
    await waitForSidebar(page, 'hidden');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });

  it('starts a dropdown expanded when one of its links is the current page, collapsed otherwise', async () => {
    const docs = await openPage(context, '/docs/intro/');
    await hamburger(docs.page).click();
    await docs.page.getByRole('button', { name: 'Back to main menu' }).click();
    const versionOnDocs = docs.page.locator(`${selectors.mobileSidebar} button[aria-expanded]`, {
      hasText: 'v1.0.0',
    });
    expect(await versionOnDocs.getAttribute('aria-expanded')).toBe('true');

    const home = await openPage(context, '/');
    await hamburger(home.page).click();
    const versionOnHome = home.page.locator(`${selectors.mobileSidebar} button[aria-expanded]`, {
      hasText: 'v1.0.0',
    });
    expect(await versionOnHome.getAttribute('aria-expanded')).toBe('false');
    await versionOnHome.click();
    expect(await versionOnHome.getAttribute('aria-expanded')).toBe('true');
    await home.page
      .locator(`${selectors.mobileSidebar} a`, { hasText: 'v1.0.0' })
      .waitFor({ state: 'visible' });
  });
});

describe('desktop dropdowns', () => {
  const trigger = (page: Page) =>
    page.locator(`${selectors.navbar} button[aria-haspopup]`, { hasText: 'English' });
  const isOpen = async (page: Page) =>
    (await trigger(page).getAttribute('aria-expanded')) === 'true';

  beforeEach(async () => {
    context = await session.newContext();
  });

  it('close on a click, a touch or focus outside, and on Escape', async () => {
    const { page } = await openPage(context, '/docs/intro/');
    await trigger(page).click();
    expect(await isOpen(page)).toBe(true);
    await page.mouse.move(600, 600); // leave the hover area
    await page.mouse.down();
    await page.mouse.up();
    expect(await isOpen(page)).toBe(false);

    await trigger(page).click();
    expect(await isOpen(page)).toBe(true);
    await page.evaluate(() =>
      document
        .querySelector('main')!
        .dispatchEvent(new TouchEvent('touchstart', { bubbles: true })),
    );
    expect(await isOpen(page)).toBe(false);

    await trigger(page).click();
    expect(await isOpen(page)).toBe(true);
    await page.locator('main a').first().focus();
    expect(await isOpen(page)).toBe(false);

    await trigger(page).click();
    await page.keyboard.press('Escape');
    expect(await isOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('English');
  });
});

describe('hideOnScroll', () => {
  it('hides the navbar when scrolling down and shows it when scrolling up', async () => {
    context = await session.newContext({ viewport: { width: 1280, height: 700 } });
    const { page } = await openPage(context, '/docs/developer/rest-api/');
    const hidden = () =>
      page.evaluate(
        () =>
          document.querySelector('nav[aria-label="Main"]')!.getAttribute('data-hidden') === 'true',
      );
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(300);
    await page.mouse.wheel(0, 600);
    await page.waitForSelector(`${selectors.navbar}[data-hidden="true"]`);
    await page.mouse.wheel(0, -300);
    await page.waitForSelector(`${selectors.navbar}:not([data-hidden])`);
    expect(await hidden()).toBe(false);
  });
});

describe('the skip link', () => {
  it('is the first focusable element and moves focus to the main content', async () => {
    context = await session.newContext();
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/docs/intro/`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to main content');
    expect(await focused.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() =>
        document.getElementById('main-content')!.contains(document.activeElement),
      ),
    ).toBe(true);
  });
});
