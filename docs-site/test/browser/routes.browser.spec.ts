/** Every route of SPEC §2 renders, with no console error and no request to another host. */
import { ROUTES, siteUrl } from '../support/browser-env';
import { openPage, waitForApiReference, watch } from '../support/browser';
import { useBrowserSession } from '../support/browser-session';

const session = useBrowserSession();

describe.each(ROUTES)('$path', ({ path, heading }) => {
  it('renders its heading with no console error and no request to another host', async () => {
    const watched = await openPage(session.context, path);
    if (path === '/api/') await waitForApiReference(watched.page);
    await watched.page
      .locator('h1')
      .filter({ hasText: heading })
      .first()
      .waitFor({ state: 'visible' });
    expect(await watched.page.getAttribute('html', 'lang')).toBe('en');
    expect(await watched.page.getAttribute('html', 'dir')).toBe('ltr');
    expect(await watched.page.locator('nav[aria-label="Main"]').count()).toBe(1);
    expect(watched.consoleErrors).toEqual([]);
    expect(watched.externalRequests).toEqual([]);
  });
});

describe('the guides', () => {
  it('show the samples pulled from their files, highlighted', async () => {
    const { page } = await openPage(session.context, '/docs/developer/webhooks/');
    const code = page.locator('pre code.language-ts', {
      hasText: 'export function createWebhookReceiver',
    });
    expect(await code.count()).toBe(1);
    expect(await code.locator('.token.keyword').count()).toBeGreaterThan(5);
    expect(await page.locator('h3#post_commentcreated + p').count()).toBe(1);
  });

  it('highlight every code block, the webhook examples included', async () => {
    const { page } = await openPage(session.context, '/docs/developer/webhooks/');
    const json = await page
      .locator('main pre code.language-json')
      .evaluateAll((blocks) => blocks.map((block) => block.querySelectorAll('.token').length));
    expect(json.length).toBe(6);
    expect(json.filter((tokens) => tokens === 0)).toEqual([]);
  });

  it('set inline code close to the words around it', async () => {
    const { page } = await openPage(session.context, '/docs/intro/');
    // The box of `npm start` is at most 2 px wider than its text on each side.
    const extra = await page.locator('main p code', { hasText: 'npm start' }).evaluate((code) => {
      const range = document.createRange();
      range.selectNodeContents(code);
      return code.getBoundingClientRect().width - range.getBoundingClientRect().width;
    });
    expect(extra).toBeLessThanOrEqual(4);
  });
});

describe('the not-found page', () => {
  it('answers 404 with the not-found page for an unknown path', async () => {
    const page = watch(await session.context.newPage());
    const response = await page.page.goto(`${siteUrl()}/no/such/page/`);
    expect(response?.status()).toBe(404);
    expect(await page.page.locator('h1').textContent()).toBe('Page Not Found');
    expect(page.consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});

describe('canonical paths (SPEC §2)', () => {
  it.each([
    ['/docs/intro/index.html', '/docs/intro/'],
    ['/docs/intro.html', '/docs/intro/'],
    ['/docs/intro', '/docs/intro/'],
    ['/index.html', '/'],
  ])('%s shows %s', async (from, to) => {
    const page = await session.context.newPage();
    await page.goto(siteUrl() + from, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe(to);
    await page.locator('h1').first().waitFor({ state: 'visible' });
  });
});

describe('history entries (SPEC §9)', () => {
  it('have keys of 6 characters, the first one included', async () => {
    const { page } = await openPage(session.context, '/');
    const key = () => page.evaluate(() => (window.history.state as { key?: string } | null)?.key);
    expect(await key()).toMatch(/^[0-9a-z]{6}$/);
    await page.locator('main a', { hasText: 'Get started' }).click();
    await page.waitForURL('**/docs/intro/');
    const second = await key();
    expect(second).toMatch(/^[0-9a-z]{6}$/);
    await page
      .locator('nav[aria-label="Docs sidebar"]')
      .getByRole('link', { name: 'Custom authentication' })
      .click();
    await page.waitForURL('**/docs/custom-auth/');
    expect(await key()).toMatch(/^[0-9a-z]{6}$/);
    await page.goBack();
    await page.waitForURL('**/docs/intro/');
    expect(await key()).toBe(second);
  });
});

describe('the docs root (SPEC §2: sidebar and landing page)', () => {
  it('shows the docs sidebar, and its cards start with their titles', async () => {
    const { page } = await openPage(session.context, '/docs/');
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    await sidebar.waitFor({ state: 'visible' });
    expect(await sidebar.getByRole('link', { name: 'Introduction' }).isVisible()).toBe(true);
    const gaps = await page.locator('main li a:has(h2)').evaluateAll((cards) =>
      cards.map((card) => {
        const title = card.querySelector('h2')!;
        return title.getBoundingClientRect().top - card.getBoundingClientRect().top;
      }),
    );
    expect(gaps.length).toBeGreaterThan(2);
    // The card's border and padding (1 px + 1rem), no heading margin on top of it.
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(18);
  });
});
