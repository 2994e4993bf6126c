/** Issue 26: a printed guide is its article alone, without the site's chrome. */
import type { Page } from 'playwright-core';
import { openPage, selectors } from '../support/browser';
import { useBrowserSession } from '../support/browser-session';

const session = useBrowserSession({ viewport: { width: 1280, height: 900 } });

/** What a guide page shows around its article, by role and label. */
const CHROME = {
  navbar: selectors.navbar,
  'docs sidebar': selectors.docsSidebar,
  'table of contents': 'nav[aria-label="On this page"]',
  'table of contents (narrow screens)': 'button:text-is("On this page")',
  'announcement bar': selectors.announcementBar,
  breadcrumbs: 'nav[aria-label="Breadcrumbs"] ol',
  'copy buttons': 'button[aria-label="Copy code to clipboard"]',
  'back to top': 'button[aria-label="Scroll back to top"]',
  'previous / next': 'nav[aria-label="Docs pages"]',
  'site footer': 'role=contentinfo',
  'last update': 'main footer',
} as const;

async function visibleChrome(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const [name, selector] of Object.entries(CHROME)) {
    const elements = page.locator(selector);
    const count = await elements.count();
    for (let index = 0; index < count; index += 1) {
      if (await elements.nth(index).isVisible()) {
        shown.push(name);
        break;
      }
    }
  }
  return shown;
}

it('prints a guide as its article alone', async () => {
  const { page } = await openPage(session.context, '/docs/developer/webhooks/');
  // On screen, the chrome is there (the test would pass on an empty page otherwise).
  await page.evaluate(() => window.scrollTo(0, 2000));
  await page.getByRole('button', { name: 'Scroll back to top' }).waitFor({ state: 'visible' });
  expect(await visibleChrome(page)).toEqual(
    Object.keys(CHROME).filter((name) => name !== 'table of contents (narrow screens)'),
  );

  await page.emulateMedia({ media: 'print' });
  expect(await visibleChrome(page)).toEqual([]);
  expect(await page.locator('main article h1').textContent()).toBe('Webhooks');
  expect(await page.locator('main article h1').isVisible()).toBe(true);
  const code = page.locator('main article pre').first();
  expect(await code.isVisible()).toBe(true);
  // Long lines wrap rather than run off the paper.
  expect(await code.evaluate((pre) => pre.scrollWidth <= pre.clientWidth + 1)).toBe(true);
});
