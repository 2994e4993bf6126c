import { siteConfig } from './site-config';
import type { SiteConfig } from './site-config-schema';
import { sidebars } from './sidebars';
import { siteConfigErrors } from './validate-site-config';

const context = {
  docIds: new Set(['index', 'intro', 'custom-auth', 'developer/rest-api', 'developer/webhooks']),
  sidebars,
};

function withItems(items: unknown[]): SiteConfig {
  return { ...siteConfig, navbar: { ...siteConfig.navbar, items } } as SiteConfig;
}

describe('siteConfigErrors', () => {
  it('accepts the site configuration as shipped', () => {
    expect(siteConfigErrors(siteConfig, context)).toEqual([]);
  });

  it('names an item of an unknown type', () => {
    expect(siteConfigErrors(withItems([{ type: 'fancy', label: 'x' }]), context)).toEqual([
      'siteConfig.navbar.items[0]: No NavbarItem component found for type "fancy".',
    ]);
  });

  it('refuses a docs sidebar item whose sidebar has nothing to link to', () => {
    const empty = { ...context, sidebars: { ...sidebars, empty: [] } };
    expect(
      siteConfigErrors(
        withItems([{ type: 'docSidebar', sidebarId: 'empty', label: 'Empty' }]),
        empty,
      ),
    ).toContain(
      `siteConfig.navbar.items[0]: Sidebar with ID "empty" doesn't have anything to be linked to.`,
    );
  });

  it('refuses internal links without their trailing slash and unknown docs', () => {
    const errors = siteConfigErrors(
      withItems([
        { label: 'API', to: '/api' },
        { type: 'doc', docId: 'missing' },
        { label: 'Both', to: '/api/', href: 'https://example.com' },
      ]),
      context,
    );
    expect(errors).toEqual([
      'siteConfig.navbar.items[0]: internal link "/api" must end with a trailing slash',
      'siteConfig.navbar.items[1]: no doc with id "missing" exists',
      'siteConfig.navbar.items[2]: give exactly one of "to" (a page of this site) or "href" (another site)',
    ]);
  });

  it('reports schema errors with the path of the field', () => {
    const broken = { ...siteConfig, colorMode: { ...siteConfig.colorMode, defaultMode: 'sepia' } };
    expect(
      siteConfigErrors(broken, context).some((error) =>
        error.startsWith('siteConfig.colorMode.defaultMode'),
      ),
    ).toBe(true);
  });

  it('checks every doc id of the sidebars', () => {
    expect(siteConfigErrors(siteConfig, { ...context, docIds: new Set(['intro']) })).toContain(
      'sidebars.guides[1]: no doc with id "custom-auth" exists',
    );
  });
});
