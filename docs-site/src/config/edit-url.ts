/**
 * "Edit this page" under a guide (SPEC §3 docs.editUrl): where the site's repository is edited,
 * with the guide's path in the repository appended. Set at build time by DOCS_EDIT_URL (say
 * `https://github.com/OWNER/REPO/edit/main/`) or by the site config's docs.editUrl; with neither,
 * the guides have no edit link rather than one to a repository that does not exist.
 */
import type { SiteConfig } from './site-config-schema';

export const EDIT_URL_ENV = 'DOCS_EDIT_URL';

/** The site config with the edit URL the build environment sets, if it sets one. */
export function withConfiguredEditUrl(
  config: SiteConfig,
  env: Readonly<Record<string, string | undefined>>,
): SiteConfig {
  const fromEnv = env[EDIT_URL_ENV]?.trim();
  if (fromEnv === undefined || fromEnv === '') return config;
  return { ...config, docs: { ...config.docs, editUrl: fromEnv } };
}

/** A guide's edit link, from its path relative to the repository's root; null without a base. */
export function guideEditUrl(editUrl: string | undefined, pathInRepository: string): string | null {
  return editUrl === undefined ? null : `${editUrl}${pathInRepository}`;
}
