/**
 * The set-up the browser specs share: one Chromium for the spec file and, for each test, fresh
 * contexts (their own storage, cookies and permissions) that are closed when the test ends.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { launchChromium, newContext } from './browser';

export interface BrowserSession {
  /** The context the running test was given (with the options passed to `useBrowserSession`). */
  readonly context: BrowserContext;
  /** Opens another context for the running test (`newContext`'s defaults, then `options`). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * Registers the hooks of the spec file (call it at its top level). Each test is given a context
 * opened with `contextOptions`; with `null` it is given none and opens its own with `newContext`.
 */
export function useBrowserSession(
  contextOptions: BrowserContextOptions | null = {},
): BrowserSession {
  let browser: Browser | undefined;
  let given: BrowserContext | undefined;
  let opened: BrowserContext[] = [];

  async function open(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    if (browser === undefined) throw new Error('The browser is launched before the first test');
    const context = await newContext(browser, options);
    opened.push(context);
    return context;
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (contextOptions !== null) given = await open(contextOptions);
  });
  afterEach(async () => {
    const closing = opened;
    opened = [];
    given = undefined;
    await Promise.all(closing.map((context) => context.close()));
  });

  return {
    get context() {
      if (given === undefined) throw new Error('This spec gives its tests no context');
      return given;
    },
    newContext: open,
  };
}
