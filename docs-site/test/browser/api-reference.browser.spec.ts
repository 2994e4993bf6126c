/** The API reference page (SPEC §2 /api/, issues 16, 26): what Redoc shows and how it behaves. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { siteUrl } from '../support/browser-env';
import {
  openPage,
  selectors,
  waitForApiReference,
  waitForApiReferenceLaidOut,
  watch,
} from '../support/browser';
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
    await waitForApiReferenceLaidOut(page);
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

describe('scroll offset 60 on every hash change once Redoc is live (issue 26)', () => {
  it('keeps it for location.hash, the address bar and Back', async () => {
    const { page } = await openPage(session.context, '/api/');
    await waitForApiReference(page);
    const lands = async (id: string) => {
      await page.waitForFunction((hash) => window.location.hash === hash, `#${id}`);
      await page.waitForTimeout(600);
      // Redoc lands a section at SCROLL_Y_OFFSET - 1 (it scrolls by 1 - offset).
      return Math.abs((await sectionTop(page, id)) - 60) <= 2;
    };
    await page.evaluate(() => {
      window.location.hash = '#tag/Members';
    });
    expect(await lands('tag/Members')).toBe(true);
    // The address bar: a navigation to the same page with another hash.
    await page.goto(`${siteUrl()}/api/#tag/Magic-link`);
    expect(await lands('tag/Magic-link')).toBe(true);
    await page.goBack();
    expect(await lands('tag/Members')).toBe(true);
    await page.goForward();
    expect(await lands('tag/Magic-link')).toBe(true);
    expect(await navbarHidden(page)).toBe(false);
  });
});

describe('on a phone (390 px), announcement bar shown', () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

  /** Redoc's floating menu button: fixed, round, at the bottom right (it has no role or name). */
  const menuButton = (page: Page) =>
    page.evaluate(() => {
      const button = [...document.querySelectorAll('[data-api-reference] div')].find((element) => {
        const style = getComputedStyle(element);
        return style.position === 'fixed' && style.borderRadius === '50%';
      });
      if (button === undefined) return null;
      const { x, y, width, height } = button.getBoundingClientRect();
      return {
        x: x + width / 2,
        y: y + height / 2,
        background: getComputedStyle(button).backgroundColor,
        icon: getComputedStyle(button.querySelector('svg')!).color,
      };
    });
  const edges = (page: Page) =>
    page.evaluate((navbar) => {
      const menu = document.querySelector('.menu-content')!.getBoundingClientRect();
      return {
        menuTop: Math.round(menu.top),
        menuShown: menu.height > 0,
        navbarBottom: Math.round(document.querySelector(navbar)!.getBoundingClientRect().bottom),
      };
    }, selectors.navbar);

  it('opens its menu below the navbar wherever the page is scrolled', async () => {
    const context = await session.newContext(phone);
    const { page } = await openPage(context, '/api/');
    expect(await page.locator(selectors.announcementBar).isVisible()).toBe(true);
    await waitForApiReference(page);
    const toggleMenu = async () => {
      const button = (await menuButton(page))!;
      await page.mouse.click(button.x, button.y);
      await page.waitForTimeout(300);
    };

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await toggleMenu();
    const atTop = await edges(page);
    expect(atTop.menuShown).toBe(true);
    // The navbar sits below the announcement bar here, well under 60 px.
    expect(atTop.navbarBottom).toBeGreaterThan(100);
    expect(atTop.menuTop).toBe(atTop.navbarBottom);
    await toggleMenu();

    // Down the page (the announcement bar scrolled away), navbar shown again by scrolling up.
    await page.evaluate(() => window.scrollTo(0, 3000));
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollBy(0, -200));
    await page.waitForSelector(`${selectors.navbar}:not([data-hidden])`);
    await page.waitForTimeout(400);
    await toggleMenu();
    const below = await edges(page);
    expect(below.menuShown).toBe(true);
    expect(below.navbarBottom).toBe(60);
    expect(below.menuTop).toBe(60);
  });

  it('keeps error codes whole and draws the menu button in the primary purple', async () => {
    const context = await session.newContext(phone);
    const { page } = await openPage(context, '/api/');
    await waitForApiReference(page);
    const codes = await page
      .locator('[data-api-reference] .redoc-markdown table code')
      .evaluateAll((elements) =>
        elements.map((code) => ({ text: code.textContent, lines: code.getClientRects().length })),
      );
    expect(codes.map((code) => code.text)).toContain('UNAUTHORIZED');
    expect(codes.filter((code) => code.lines !== 1)).toEqual([]);
    expect((await menuButton(page))?.icon).toBe('rgb(109, 40, 217)');
  });

  it('lets the keyboard scroll the wide tables (axe scrollable-region-focusable)', async () => {
    const context = await session.newContext(phone);
    const { page } = await openPage(context, '/api/');
    const unfocusable = async () =>
      (
        await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze()
      ).violations.flatMap((violation) => violation.nodes.map((node) => node.target));
    // The build-time HTML, then Redoc's own DOM.
    expect(await unfocusable()).toEqual([]);
    await waitForApiReference(page);
    expect(await unfocusable()).toEqual([]);
    const table = page.locator('[data-api-reference] .redoc-markdown table').last();
    expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await table.focus();
    await page.keyboard.press('ArrowRight');
    await table.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const check = () => (element.scrollLeft > 0 ? resolve() : setTimeout(check, 50));
          check();
        }),
    );
  });
});

describe('in dark mode', () => {
  it('shows the Authorizations chevron in the text colour', async () => {
    const context = await session.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    const { page } = await openPage(context, '/api/');
    await waitForApiReference(page);
    // Contrast of the chevron's fill with what is behind it (WCAG 1.4.11 asks 3:1 of an icon).
    const contrast = await page
      .locator('[data-api-reference] h3', { hasText: 'Authorizations:' })
      .first()
      .evaluate((heading) => {
        const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
        const luminance = (colour: string) => {
          const [r = 0, g = 0, b = 0] = rgb(colour).map((channel) => {
            const c = channel / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        let behind: Element | null = heading;
        while (behind !== null && rgb(getComputedStyle(behind).backgroundColor)[3] === 0)
          behind = behind.parentElement;
        const background =
          behind === null ? 'rgb(255, 255, 255)' : getComputedStyle(behind).backgroundColor;
        const fill = getComputedStyle(heading.nextElementSibling!.querySelector('polygon')!).fill;
        const [light, dark] = [luminance(fill), luminance(background)].sort((a, b) => b - a);
        return (light! + 0.05) / (dark! + 0.05);
      });
    expect(contrast).toBeGreaterThanOrEqual(3);
  });
});
