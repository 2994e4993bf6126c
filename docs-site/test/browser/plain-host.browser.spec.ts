/**
 * SPEC §2 on a plain static host (issue 16, defect 2): `/x/index.html` and `/x.html` show the
 * page at `/x/`, and `/x` too, on a server that never redirects: `/x/index.html` is served as
 * that file, `/x.html` is not a file so the 404 page answers and must route to the page itself.
 */
import { startStaticServer, type RunningServer } from '../../scripts/static-server';
import { PUBLIC_DIR } from '../support/browser-env';
import { waitForHydration, watch } from '../support/browser';
import { useBrowserSession } from '../support/browser-session';

const session = useBrowserSession();
let plainHost: RunningServer;

beforeAll(async () => {
  plainHost = await startStaticServer(PUBLIC_DIR, 0, '127.0.0.1', { redirects: false });
});
afterAll(async () => {
  await plainHost.close();
});

it.each([
  ['/docs/intro/index.html', '/docs/intro/', 'Introduction'],
  ['/docs/intro.html', '/docs/intro/', 'Introduction'],
  ['/docs/intro', '/docs/intro/', 'Introduction'],
  ['/docs/developer/webhooks.html?x=1#retries', '/docs/developer/webhooks/', 'Webhooks'],
  ['/index.html', '/', 'Brand API'],
  ['/api/index.html', '/api/', 'Brand API reference'],
  ['/markdown-page.html', '/markdown-page/', 'Markdown page'],
])('%s shows %s, interactive, with no error', async (from, to, heading) => {
  const watched = watch(await session.context.newPage(), plainHost.url);
  await watched.page.goto(plainHost.url + from, { waitUntil: 'networkidle' });
  await waitForHydration(watched.page);
  const url = new URL(watched.page.url());
  expect(url.pathname).toBe(to);
  expect(url.search + url.hash).toBe(
    new URL(from, plainHost.url).search + new URL(from, plainHost.url).hash,
  );
  await watched.page.locator('h1', { hasText: heading }).first().waitFor({ state: 'attached' });
  expect(await watched.page.title()).not.toContain('Page Not Found');
  if (url.hash !== '') {
    // The page scrolled to its fragment, as it would have from the canonical URL.
    const top = await watched.page.evaluate(
      (id) => document.getElementById(id)?.getBoundingClientRect().top,
      url.hash.slice(1),
    );
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(150);
  }
  // The 404 status of `/x.html` on a plain host is the host's; the page itself must not fail.
  expect(watched.consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  // Client-side navigation keeps working from there.
  await watched.page
    .locator('nav[aria-label="Main"]')
    .getByRole('link', { name: 'API', exact: true })
    .click();
  await watched.page.waitForURL(`${plainHost.url}/api/`);
});

it('still shows the not-found page for a path that is not a page', async () => {
  const watched = watch(await session.context.newPage(), plainHost.url);
  const response = await watched.page.goto(`${plainHost.url}/no/such/page.html`);
  expect(response?.status()).toBe(404);
  await waitForHydration(watched.page);
  expect(await watched.page.locator('h1').textContent()).toBe('Page Not Found');
});
