/**
 * The documentation site's configuration (SPEC §2–§4). Data only: the theme reads it in the
 * browser, gatsby-node validates it at build time (validate-site-config.ts).
 */
import type { SiteConfig } from './site-config-schema';

export const PRODUCT_SITE_URL = 'https://www.brand-community.example';
export const BRAND_ADMIN_URL = 'https://admin.brand-community.example';

export const siteConfig: SiteConfig = {
  title: 'Brand API',
  titleDelimiter: '|',
  tagline: 'Connect your catalogue, members and community to your own systems.',
  description:
    'Guides and API reference for the Brand API: REST calls, webhooks and custom authentication for brand developers.',
  url: 'https://docs.brand-community.example',
  baseUrl: '/',
  trailingSlash: true,
  i18n: {
    defaultLocale: 'en',
    currentLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', htmlLang: 'en', direction: 'ltr' } },
  },
  announcementBar: {
    id: 'brand-api-1-0-0',
    content:
      'Brand API 1.0.0 is here: signed webhooks and cursor pagination. Read the <a href="/docs/developer/webhooks/">webhooks guide</a>.',
    backgroundColor: 'var(--announcement-bg)',
    textColor: 'var(--announcement-fg)',
    isCloseable: true,
  },
  navbar: {
    title: 'Brand API',
    logo: {
      src: '/img/logo.svg',
      srcDark: '/img/logo-dark.svg',
      alt: 'Brand API logo',
      width: 32,
      height: 32,
    },
    hideOnScroll: true,
    items: [
      { type: 'docSidebar', sidebarId: 'guides', label: 'Guides', position: 'left' },
      { label: 'API', to: '/api/', position: 'left' },
      { type: 'search', position: 'right' },
      { type: 'docsVersionDropdown', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
      { label: 'Product website', href: PRODUCT_SITE_URL, position: 'right' },
    ],
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  footer: {
    style: 'dark',
    links: [
      { title: 'Docs', items: [{ label: 'Tutorial', to: '/docs/intro/' }] },
      { title: 'Admin', items: [{ label: 'Brand Admin', href: BRAND_ADMIN_URL }] },
      { title: 'More', items: [{ label: 'Product website', href: PRODUCT_SITE_URL }] },
    ],
    copyright: 'Copyright © 2025 Brand Community. Built with Gatsby.',
  },
  docs: {
    lastVersion: '1.0.0',
    versions: [{ name: '1.0.0', label: 'v1.0.0', path: '/docs/' }],
    // No editUrl: the repository's public address is the deployment's to say, with
    // DOCS_EDIT_URL at build time (src/config/edit-url.ts); without it, no edit links.
    showLastUpdated: true,
  },
};
