/** The API reference page (SPEC §2 /api/, issue 16): what Redoc shows and how it behaves. */
import type { Page } from 'playwright-core';
import { siteUrl } from '../support/browser-env';
import { openPage, selectors, waitForApiReference, watch } from '../support/browser';
import { useBrowserSession } from '../support/browser-session';

const session = useBrowserSession({ viewport: { width: 1280, height: 800 } });

const sidebarItem = (page: Page, id: string) =>
  page.locator(`[data-api-reference] li[data-item-id="${id}"]`);
const sectionTop = (page: Page, id: string) =>
  page.evaluate(
    (sectionId) =>
      document.querySelector(`[data-section-id="${sectionId}"]`)!.getBoundingClientRect().top,
    id,
  );
const sidebarTop = (page: Page) =>
  page.evaluate(() => document.querySelector('.menu-content')!.getBoundingClientRect().top);
const navbarHidden = (page: Page) =>
  page.evaluate(
    (navbar) => document.querySelector(navbar)!.getAttribute('data-hidden') === 'true',
    selectors.navbar,
  );

describe('the build-time reference', () => {
  it('is the whole reference, with no Redoc code loaded until the reader interacts', async () => {
    const watched = watch(await session.context.newPage());
    const requests: string[] = [];
    watched.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await watched.page.goto(`${siteUrl()}/api/`, { waitUntil: 'networkidle' });
    await watched.page.waitForTimeout(500);
    const operation = watched.page.locator('[data-section-id="operation/createMagicLink"] h2');
    expect((await operation.textContent())?.trim()).toBe('Create a magic sign-in link');
    expect(requests.filter((path) => path === '/openapi.json')).toEqual([]);
    const scriptsBefore = requests.filter((path) => path.endsWith('.js')).length;

    await sidebarItem(watched.page, 'tag/Members').click();
    await watched.page.waitForSelector(selectors.apiReferenceReady);
    expect(requests).toContain('/openapi.json');
    expect(requests.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(scriptsBefore);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('lays its off-screen sections out one idle period at a time, without going live', async () => {
    const { page, consoleErrors } = await openPage(session.context, '/api/');
    // Off screen at first, skipped by content-visibility (styles.module.css), then laid out.
    const sections = page.locator('[data-api-reference] [data-section-id]');
    expect(await sections.count()).toBeGreaterThan(40);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-api-reference] [data-section-id]:not([data-laid-out])')
          .length === 0,
      undefined,
      { timeout: 20_000 },
    );
    const last = sections.last();
    expect(await last.evaluate((section) => getComputedStyle(section).contentVisibility)).not.toBe(
      'auto',
    );
    expect(await page.getAttribute('[data-api-reference]', 'data-ready')).toBe('false');
    expect(consoleErrors).toEqual([]);
  });

  it('without JavaScript, shows the reference and says where the OpenAPI document is', async () => {
    const noScript = await session.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto(`${siteUrl()}/api/`, { waitUntil: 'load' });
    const operation = page.locator('[data-section-id="operation/createMagicLink"] h2');
    expect(await operation.isVisible()).toBe(true);
    expect(await page.getByText('Loading the API reference').count()).toBe(0);
    const note = page.locator('main p', { hasText: 'OpenAPI document' }).first();
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain('GET /api/v1/openapi.json');
    expect(await note.locator('a[href="/openapi.json"]').count()).toBe(1);
  });

  it('goes live at once when reached by a link inside the site', async () => {
    const { page, consoleErrors } = await openPage(session.context, '/');
    await page.locator('main a', { hasText: 'API reference' }).click();
    await page.waitForURL('**/api/');
    await page.waitForSelector(selectors.apiReferenceReady, { timeout: 30_000 });
    expect(await page.locator('[data-section-id="operation/createMagicLink"]').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
});

describe('scroll offset 60 (SPEC §2, issue 16 defect 5)', () => {
  it('lands a section 60 px from the top, under the navbar, first click included', async () => {
    const { page } = await openPage(session.context, '/api/');
    // The first click wakes Redoc and is replayed on the item once Redoc is live.
    await sidebarItem(page, 'tag/Magic-link').click();
    await page.waitForSelector(selectors.apiReferenceReady);
    await page.waitForFunction(() => window.location.hash === '#tag/Magic-link');
    await page.waitForTimeout(400);
    expect(Math.abs((await sectionTop(page, 'tag/Magic-link')) - 60)).toBeLessThanOrEqual(2);
    expect(await navbarHidden(page)).toBe(false);

    await sidebarItem(page, 'tag/Members').click();
    await page.waitForFunction(() => window.location.hash === '#tag/Members');
    await page.waitForTimeout(400);
    expect(Math.abs((await sectionTop(page, 'tag/Members')) - 60)).toBeLessThanOrEqual(2);
    expect(await navbarHidden(page)).toBe(false);
  });

  it('moves the sidebar up when the navbar hides, leaving no empty band', async () => {
    const { page } = await openPage(session.context, '/api/');
    await waitForApiReference(page);
    await page.mouse.move(600, 500);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(200);
    await page.mouse.wheel(0, 800);
    await page.waitForSelector(`${selectors.navbar}[data-hidden="true"]`);
    await page.waitForTimeout(400);
    expect(Math.round(await sidebarTop(page))).toBe(0);

    await page.mouse.wheel(0, -300);
    await page.waitForSelector(`${selectors.navbar}:not([data-hidden])`);
    await page.waitForTimeout(400);
    expect(Math.round(await sidebarTop(page))).toBe(60);
  });
});

describe('the magic-link request', () => {
  it('names its two alternatives (email or phone number) apart', async () => {
    const { page } = await openPage(session.context, '/api/');
    await waitForApiReference(page);
    const operation = page.locator('[data-section-id="operation/createMagicLink"]');
    const tabs = await operation
      .locator('button')
      .evaluateAll((buttons) =>
        buttons
          .map((button) => button.textContent ?? '')
          .filter((text) => /email|phone|magic link request/i.test(text)),
      );
    expect(tabs).toEqual(['With email', 'With phone number']);
  });
});
