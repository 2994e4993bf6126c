/**
 * Issue 16, "what readers expect": search of the guides, copy buttons and highlighting, language
 * tabs remembered across the site, sitemap, canonical and hreflang links, edit links, last
 * updated, back to top, and guide links from the API reference.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { siteUrl } from '../support/browser-env';
import { openPage } from '../support/browser';
import { useBrowserSession } from '../support/browser-session';

/** One browser for the file, a fresh context (storage, clipboard) for each test. */
const session = useBrowserSession({ permissions: ['clipboard-read', 'clipboard-write'] });

const searchButton = 'nav[aria-label="Main"] button[aria-label="Search the docs"]';

describe('search of the guides', () => {
  it('finds the webhooks guide for "retry schedule" on /docs/intro/, Enter opens it', async () => {
    const { page, consoleErrors } = await openPage(session.context, '/docs/intro/');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search the docs' });
    await dialog.waitFor();
    const input = dialog.getByRole('combobox');
    await input.fill('retry schedule');
    const first = dialog.getByRole('option').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('Webhooks');
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await dialog.locator('mark').count()).toBeGreaterThan(0);
    expect((await dialog.locator('mark').allTextContents()).map((t) => t.toLowerCase())).toEqual(
      expect.arrayContaining(['schedule']),
    );
    expect(await new AxeBuilder({ page }).include('dialog').analyze()).toMatchObject({
      violations: [],
    });
    await input.press('Enter');
    await page.waitForURL(/\/docs\/developer\/webhooks\/#/);
    // Client routing changes the URL before it renders the new page: wait for its heading.
    await page.locator('h1', { hasText: /^Webhooks$/ }).waitFor({ timeout: 10_000 });
    expect(await page.locator('h1').textContent()).toBe('Webhooks');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('opens with Ctrl-K, moves with the arrows, closes with Esc', async () => {
    const { page } = await openPage(session.context, '/docs/developer/rest-api/');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search the docs' });
    await dialog.getByRole('combobox').fill('webhook');
    await dialog.getByRole('option').nth(1).waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');
    // Where the focus is when the dialog closes. A role locator stops finding a <dialog> as soon
    // as it closes, and the browser fires its `close` event a task later: focus given back only
    // then left a moment in which the dialog was gone and the focus still on its hidden input
    // (issue 26: this test failed in whole-suite runs on a busy machine).
    await page.evaluate(() => {
      const element = document.querySelector('dialog');
      new MutationObserver(() => {
        if (element?.open === false)
          document.body.dataset['focusWhenClosed'] =
            document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName;
      }).observe(element!, { attributeFilter: ['open'] });
    });
    await page.keyboard.press('Escape');
    await page.locator('dialog').waitFor({ state: 'detached' });
    expect(await page.getAttribute('body', 'data-focus-when-closed')).toBe('Search the docs');
    await page.locator(`${searchButton}:focus`).waitFor();
  });

  it('indexes the text of code blocks, not their highlighting markup', async () => {
    const { page } = await openPage(session.context, '/docs/intro/');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search the docs' });
    const input = dialog.getByRole('combobox');
    const status = dialog.getByRole('status');
    const results = async (query: string) => {
      await input.fill(query);
      await status.filter({ hasText: /results/ }).waitFor();
      return {
        texts: await dialog.getByRole('option').allTextContents(),
        marked: (await dialog.locator('mark').allTextContents()).map((t) => t.toLowerCase()),
      };
    };
    // Before: snippets of "api key" showed `<span class="token string">`.
    const apiKey = await results('api key');
    expect(apiKey.texts.length).toBeGreaterThan(0);
    expect(apiKey.texts.filter((text) => /<\/?span|class=/.test(text))).toEqual([]);
    // "token" is a word of the guides (the state token); "punctuation" is only Prism's markup.
    const tokenPunctuation = await results('token punctuation');
    expect(tokenPunctuation.marked).not.toContain('punctuation');
    expect(tokenPunctuation.texts.filter((text) => /punctuation/i.test(text))).toEqual([]);
    await input.fill('span');
    await status.filter({ hasText: 'No results for “span”' }).waitFor();
    // Code is still found by its text: a name that appears only in the guides' code blocks.
    await input.fill('printFirstMembers');
    await dialog.getByRole('option').first().waitFor();
  });

  it('is on guide pages only: /api/ keeps no search', async () => {
    const { page } = await openPage(session.context, '/api/');
    expect(await page.locator(searchButton).count()).toBe(0);
    const guide = await openPage(session.context, '/docs/');
    expect(await guide.page.locator(searchButton).count()).toBe(1);
  });
});

describe('code blocks', () => {
  it('every block of the webhooks guide is highlighted and copies its code', async () => {
    const { page } = await openPage(session.context, '/docs/developer/webhooks/');
    const blocks = page.locator('article pre');
    const count = await blocks.count();
    // Every fenced block of the guide's source, tabs included: the guide grows, the test follows.
    const source = readFileSync(
      join(__dirname, '../../content/docs/developer/webhooks.mdx'),
      'utf8',
    );
    const fences = source.split('\n').filter((line) => line.startsWith('```')).length;
    expect(fences % 2).toBe(0);
    expect(count).toBe(fences / 2);
    for (let index = 0; index < count; index += 1) {
      expect(await blocks.nth(index).locator('.token').count()).toBeGreaterThan(5);
    }
    const third = page.locator('article pre').nth(2);
    const copy = page.getByRole('button', { name: 'Copy code to clipboard' }).nth(2);
    // Blocks in a language tab not shown are in the page too, their buttons hidden with them.
    const copyButtons = page.getByRole('button', {
      name: 'Copy code to clipboard',
      includeHidden: true,
    });
    expect(await copyButtons.count()).toBe(count);
    await copy.click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(((await third.textContent()) ?? '').replace(/\n$/, ''));
    expect(JSON.parse(copied)).toMatchObject({ type: 'post.created' });
  });
});

describe('language tabs', () => {
  it('remembers the language chosen on one guide on the others', async () => {
    const { page, consoleErrors } = await openPage(session.context, '/docs/intro/');
    const tabs = page.getByRole('tablist').first();
    expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('curl');
    expect(await page.getByRole('tabpanel').first().textContent()).toContain('curl -H');
    await tabs.getByRole('tab', { name: 'TypeScript' }).click();
    expect(await page.getByRole('tabpanel').first().textContent()).toContain('printFirstMembers');

    const other = await openPage(session.context, '/docs/custom-auth/');
    const selected = other.page.getByRole('tab', { selected: true });
    await expect(selected.textContent()).resolves.toBe('TypeScript');
    expect(await other.page.getByRole('tabpanel').first().textContent()).toContain(
      'communitySignInUrl',
    );
    await other.page.getByRole('tab', { name: 'TypeScript' }).focus();
    await other.page.keyboard.press('ArrowLeft');
    expect(await other.page.getByRole('tab', { selected: true }).textContent()).toBe('curl');
    expect([...consoleErrors, ...other.consoleErrors]).toEqual([]);
  });
});

describe('page metadata and doc page conveniences', () => {
  it('sitemap.xml lists every guide and /api/, not the 404 page', async () => {
    const response = await fetch(`${siteUrl()}/sitemap.xml`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>https:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        '/api/',
        '/docs/',
        '/docs/intro/',
        '/docs/custom-auth/',
        '/docs/developer/rest-api/',
        '/docs/developer/webhooks/',
      ]),
    );
    expect(locs.some((loc) => loc?.includes('404'))).toBe(false);
  });

  it('a guide has canonical and hreflang links, no edit link unless configured, its last update, back to top', async () => {
    const { page } = await openPage(session.context, '/docs/developer/webhooks/');
    const url = 'https://docs.brand-community.example/docs/developer/webhooks/';
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(url);
    expect(await page.getAttribute('link[rel="alternate"][hreflang="en"]', 'href')).toBe(url);
    expect(await page.getAttribute('link[rel="alternate"][hreflang="x-default"]', 'href')).toBe(
      url,
    );
    // Built without DOCS_EDIT_URL (src/config/edit-url.ts): no link to a made-up repository.
    expect(await page.getByRole('link', { name: 'Edit this page' }).count()).toBe(0);
    const time = page.locator('article ~ footer time, footer time[datetime]').first();
    expect(Number.isNaN(Date.parse((await time.getAttribute('datetime')) ?? ''))).toBe(false);

    const backToTop = page.getByRole('button', { name: 'Scroll back to top' });
    expect(await backToTop.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await backToTop.waitFor({ state: 'visible' });
    await backToTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
  });

  it('each operation of the API reference links to the guide section explaining it', async () => {
    const { page } = await openPage(session.context, '/api/');
    const guideLinks = page.locator('[data-api-reference] a[href^="/docs/"]');
    expect(await guideLinks.count()).toBeGreaterThanOrEqual(27);
    expect(
      await page
        .locator('[data-api-reference] a[href="/docs/developer/rest-api/#pagination"]')
        .count(),
    ).toBeGreaterThan(0);
  });
});
