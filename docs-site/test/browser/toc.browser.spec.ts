/**
 * Issue 16, defect 4: every link of every page's table of contents lands on its heading, just
 * below the navbar, and the heading stays there. Content laid out late must not shift it: with
 * `content-visibility: auto` on code blocks and tables, a jump over blocks never laid out landed
 * hundreds of pixels off ("Bulk calls and rate limits" once 1,777 px). Wide screens use the TOC
 * column, narrow ones the collapsible "On this page".
 */
import type { Browser, Page } from 'playwright-core';
import { siteUrl } from '../support/browser-env';
import { launchChromium, newContext, openPage, waitForHydration } from '../support/browser';

const PAGES_WITH_TOC = [
  '/docs/intro/',
  '/docs/custom-auth/',
  '/docs/developer/rest-api/',
  '/docs/developer/webhooks/',
];
const HEIGHT = 800;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

interface Landing {
  top: number;
  expected: number;
  /** The page is scrolled as far as it goes: a heading near the end cannot go higher. */
  atBottom: boolean;
}

/** Where a heading is, and where it should be: the scroll padding and margin the site sets. */
function landing(page: Page, id: string): Promise<Landing> {
  return page.evaluate((target) => {
    const heading = document.getElementById(target)!;
    const expected =
      parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop || '0') +
      parseFloat(getComputedStyle(heading).scrollMarginTop || '0');
    const { scrollHeight } = document.documentElement;
    return {
      top: heading.getBoundingClientRect().top,
      expected,
      atBottom: window.scrollY + window.innerHeight >= scrollHeight - 1,
    };
  }, id);
}

function describeMiss(href: string, how: string, position: Landing): string | undefined {
  const { top, expected, atBottom } = position;
  const off = atBottom ? top < expected - 2 || top > HEIGHT - 40 : Math.abs(top - expected) > 2;
  return off ? `${href} ${how}: ${Math.round(top)} px from the top, not ${expected}` : undefined;
}

/**
 * Waits until the heading `id` has stood still for 200 ms (twelve frames at 60 a second), or
 * 3 s: late layout moves it within a frame or two of a jump, and a smooth scroll ends first.
 * A fixed half second after each jump cost the file most of its 97 s.
 */
async function settle(page: Page, id: string): Promise<void> {
  await page.evaluate(
    (target) =>
      new Promise<void>((resolve) => {
        const heading = document.getElementById(target)!;
        const started = performance.now();
        let top = Number.NaN;
        let since = started;
        const look = (now: number) => {
          const current = heading.getBoundingClientRect().top;
          if (current !== top) [top, since] = [current, now];
          if (now - since >= 200 || now - started >= 3000) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    id,
  );
}

async function tocHrefs(page: Page, toc: string): Promise<string[]> {
  return page
    .locator(`${toc} a`)
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
}

const DESKTOP_TOC = 'nav[aria-label="On this page"]';
const MOBILE_TOC = 'nav[aria-label="On this page (mobile)"]';

/** Narrow screens: the longest guide is enough, the collapsible TOC works the same everywhere. */
const cases = [
  ...PAGES_WITH_TOC.map((path) => ({ path, width: 1280 })),
  { path: '/docs/developer/webhooks/', width: 800 },
];

it.each(cases)(
  'every table-of-contents link of $path lands on its heading at $width px',
  async ({ path, width }) => {
    const context = await newContext(browser, { viewport: { width, height: HEIGHT } });
    try {
      const { page } = await openPage(context, path);
      const toc = width > 1160 ? DESKTOP_TOC : MOBILE_TOC;
      const hrefs = await tocHrefs(page, toc);
      expect(hrefs.length).toBeGreaterThan(2);
      const misses: string[] = [];
      for (const href of hrefs) {
        await page.evaluate(() => window.scrollTo(0, 0));
        if (toc === MOBILE_TOC) {
          const button = page.getByRole('button', { name: 'On this page' });
          if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        }
        await page.locator(`${toc} a[href="${href}"]`).click();
        await settle(page, href.slice(1));
        const miss = describeMiss(href, 'from the top', await landing(page, href.slice(1)));
        if (miss !== undefined) misses.push(miss);
      }
      expect(misses).toEqual([]);
    } finally {
      await context.close();
    }
  },
  120_000,
);

it.each(PAGES_WITH_TOC)(
  '%s opened on its last heading: the TOC links from there land on their headings too',
  async (path) => {
    const context = await newContext(browser, { viewport: { width: 1280, height: HEIGHT } });
    try {
      const { page } = await openPage(context, path);
      const hrefs = await tocHrefs(page, DESKTOP_TOC);
      const last = hrefs[hrefs.length - 1]!;
      const misses: string[] = [];
      // A link from elsewhere opens the page on its last heading; from there the reader jumps
      // back up (over code blocks and tables the browser has not laid out yet).
      for (const href of hrefs.slice(0, -1)) {
        await page.goto('about:blank');
        await page.goto(siteUrl() + path + last);
        await waitForHydration(page);
        await settle(page, last.slice(1));
        const opened = describeMiss(last, 'opened directly', await landing(page, last.slice(1)));
        if (opened !== undefined) misses.push(opened);
        await page.locator(`${DESKTOP_TOC} a[href="${href}"]`).click();
        await settle(page, href.slice(1));
        const miss = describeMiss(href, `clicked on ${last}`, await landing(page, href.slice(1)));
        if (miss !== undefined) misses.push(miss);
      }
      expect(misses).toEqual([]);
    } finally {
      await context.close();
    }
  },
  120_000,
);

/** The TOC link marked as the section being read (useTOCHighlight). */
function currentTocHref(page: Page): Promise<string | null> {
  return page.evaluate(
    (toc) =>
      document.querySelector(`${toc} a[aria-current="location"]`)?.getAttribute('href') ?? null,
    DESKTOP_TOC,
  );
}

it('marks the section in view in the table of contents, as the reader scrolls', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: HEIGHT } });
  try {
    const { page } = await openPage(context, '/docs/developer/rest-api/');
    const hrefs = await tocHrefs(page, DESKTOP_TOC);
    const middle = hrefs[Math.floor(hrefs.length / 2)]!;
    // A jump from the TOC: the section it lands on.
    await page.locator(`${DESKTOP_TOC} a[href="${middle}"]`).click();
    await settle(page, middle.slice(1));
    expect(await currentTocHref(page)).toBe(middle);
    // Scrolled by hand: a section is "in view" while its heading is above the window's middle.
    await page.evaluate((id) => {
      const heading = document.getElementById(id)!;
      window.scrollBy(0, heading.getBoundingClientRect().top - window.innerHeight * 0.6);
    }, middle.slice(1));
    await settle(page, middle.slice(1));
    expect(await currentTocHref(page)).toBe(hrefs[hrefs.indexOf(middle) - 1]);
    expect(await page.locator(`${DESKTOP_TOC} a[aria-current]`).count()).toBe(1);
  } finally {
    await context.close();
  }
});
