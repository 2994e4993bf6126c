/**
 * Issue 16, defect 1: on a slow phone React reported error #421 (a Suspense boundary received an
 * update before it finished hydrating, so its server HTML was thrown away). Every docs route is
 * loaded with the CPU slowed down 6× (CDP Emulation.setCPUThrottlingRate, DevTools' "6×
 * slowdown"), as a first-time desktop visitor, a returning desktop visitor (dark mode, the
 * announcement dismissed) and a returning phone visitor; any uncaught or console error fails.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { siteUrl } from '../support/browser-env';
import { launchChromium, newContext, waitForHydration, watch } from '../support/browser';

const DOC_ROUTES = [
  '/docs/',
  '/docs/intro/',
  '/docs/custom-auth/',
  '/docs/developer/rest-api/',
  '/docs/developer/webhooks/',
  '/docs/category/developers/',
];
const CPU_SLOWDOWN = 6;

let browser: Browser;
let visitors: Array<{ name: string; context: BrowserContext }>;

/** A visitor who chose dark mode and closed the announcement on an earlier visit. */
async function returning(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('announcement.id', 'brand-api-1-0-0');
    localStorage.setItem('announcement.dismiss', 'true');
  });
  return context;
}

beforeAll(async () => {
  browser = await launchChromium();
  visitors = [
    { name: 'first visit, desktop', context: await newContext(browser) },
    { name: 'returning, desktop', context: await returning(await newContext(browser)) },
    {
      name: 'returning, phone',
      context: await returning(
        await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true }),
      ),
    },
  ];
});
afterAll(async () => {
  await browser.close();
});

it.each(DOC_ROUTES)(
  '%s hydrates without an error at 6× CPU slowdown',
  async (route) => {
    const errors: string[] = [];
    for (const { name, context } of visitors) {
      const watched = watch(await context.newPage());
      const cdp = await context.newCDPSession(watched.page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await watched.page.goto(siteUrl() + route, { waitUntil: 'load' });
      await waitForHydration(watched.page);
      // Effects that run after hydration (storage reads, media queries) have their time too.
      await watched.page.waitForTimeout(500);
      errors.push(...watched.consoleErrors.map((error) => `${name}: ${error}`));
      await watched.page.close();
    }
    expect(errors).toEqual([]);
  },
  120_000,
);
