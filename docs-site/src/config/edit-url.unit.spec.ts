import { guideEditUrl, withConfiguredEditUrl } from './edit-url';
import { siteConfig } from './site-config';
import { assertValidSiteConfig } from './validate-site-config';
import { sidebars } from './sidebars';

const context = {
  docIds: new Set(['index', 'intro', 'custom-auth', 'developer/rest-api', 'developer/webhooks']),
  sidebars,
};

describe('the edit link of a guide', () => {
  it('is left out when no repository is configured (the site configures none by default)', () => {
    const config = withConfiguredEditUrl(siteConfig, {});
    expect(config.docs.editUrl).toBeUndefined();
    expect(guideEditUrl(config.docs.editUrl, 'docs-site/content/docs/intro.mdx')).toBeNull();
    expect(withConfiguredEditUrl(siteConfig, { DOCS_EDIT_URL: ' ' }).docs.editUrl).toBeUndefined();
  });

  it('is built from DOCS_EDIT_URL and the guide path in the repository', () => {
    const config = withConfiguredEditUrl(siteConfig, {
      DOCS_EDIT_URL: 'https://github.com/brand/brand-api/edit/main/',
    });
    expect(() => assertValidSiteConfig(config, context)).not.toThrow();
    expect(guideEditUrl(config.docs.editUrl, 'docs-site/content/docs/developer/webhooks.mdx')).toBe(
      'https://github.com/brand/brand-api/edit/main/docs-site/content/docs/developer/webhooks.mdx',
    );
  });

  it('fails the build when DOCS_EDIT_URL is not an https URL ending in a slash', () => {
    const config = withConfiguredEditUrl(siteConfig, {
      DOCS_EDIT_URL: 'https://github.com/brand/brand-api/edit/main',
    });
    expect(() => assertValidSiteConfig(config, context)).toThrow(/docs\.editUrl/);
  });
});
