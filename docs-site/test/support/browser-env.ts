/** Shared by the browser tests: where the built site is served, and how Chromium is launched. */
import path from 'node:path';

export const PUBLIC_DIR = path.join(__dirname, '../../public');
export const ARTIFACTS_DIR = path.join(__dirname, '../../artifacts');
export const SITE_URL_ENV = 'DOCS_SITE_URL';

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function siteUrl(): string {
  const url = process.env[SITE_URL_ENV];
  if (url === undefined)
    throw new Error(`${SITE_URL_ENV} is not set: run the browser project through jest.config.js`);
  return url;
}

/** Every route of SPEC §2 with the text its h1 shows. */
export const ROUTES: ReadonlyArray<{ path: string; heading: string }> = [
  { path: '/', heading: 'Brand API' },
  { path: '/api/', heading: 'Brand API' },
  { path: '/markdown-page/', heading: 'Markdown page' },
  { path: '/docs/', heading: 'Brand API documentation' },
  { path: '/docs/intro/', heading: 'Introduction' },
  { path: '/docs/custom-auth/', heading: 'Custom authentication' },
  { path: '/docs/developer/rest-api/', heading: 'REST API' },
  { path: '/docs/developer/webhooks/', heading: 'Webhooks' },
  { path: '/docs/category/developers/', heading: 'Developers' },
];
