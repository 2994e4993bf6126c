/** axe-core finds no violation on any route, in light and in dark mode (issue 6, point 7). */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '../support/browser-env';
import {
  launchChromium,
  newContext,
  openPage,
  waitForApiReference,
  waitForApiReferenceLaidOut,
} from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** WCAG 2.0–2.2 A and AA, plus axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Only violations are asked for, and axe runs in the page itself (legacy mode: the site has no
 * frames): otherwise every node that passes (some 10,000 on /api/) is serialised, carried to a
 * blank page and merged there, which was two thirds of the 60-80 s each /api/ case took.
 */
const axeFor = (page: Page) =>
  new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode(true);

/**
 * The API reference also once Redoc is live, in dark mode: its colours then come from Redoc's
 * own dark theme rather than the build-time overrides (the light CSS is the same either way).
 */
const cases = [
  ...ROUTES.flatMap(({ path }) => (['light', 'dark'] as const).map((mode) => ({ path, mode }))),
  { path: '/api/ (live)', mode: 'dark' as const },
];

it.each(cases)(
  '$path in $mode mode has no axe violation',
  async ({ path, mode }) => {
    const context = await newContext(browser);
    try {
      await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
      const live = path === '/api/ (live)';
      const { page } = await openPage(context, live ? '/api/' : path);
      if (live) await waitForApiReference(page);
      // Axe measures the page once: sections laid out after that would have moved under it.
      else if (path === '/api/') await waitForApiReferenceLaidOut(page);
      expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
      const results = await axeFor(page).analyze();
      const violations = results.violations.map((violation) => ({
        rule: violation.id,
        help: violation.help,
        nodes: violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
      }));
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  },
  180_000,
); // axe over Redoc's large DOM takes a while on a shared machine

it('on a phone, every table of the REST guide that scrolls sideways takes the keyboard focus', async () => {
  const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
  try {
    const { page } = await openPage(context, '/docs/developer/rest-api/');
    const results = await new AxeBuilder({ page })
      .withRules(['scrollable-region-focusable'])
      .analyze();
    expect(results.violations.flatMap((violation) => violation.nodes.map((n) => n.target))).toEqual(
      [],
    );
    // The error catalogue (a component, not markdown) scrolls with the arrow keys.
    const catalogue = page.locator('article table', { hasText: 'UNAUTHORIZED' }).last();
    await catalogue.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.activeElement?.scrollLeft ?? 0) > 0);
  } finally {
    await context.close();
  }
});
