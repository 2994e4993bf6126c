import type { DocsVersionNavbarItem as DocsVersionItem } from '../../config/navbar-item-schemas';
import { siteConfig } from '../../config/site-config';
import { DefaultNavbarItem } from './DefaultNavbarItem';
import type { NavbarItemRenderProps } from './types';

export function currentDocsVersion() {
  const { versions, lastVersion } = siteConfig.docs;
  const version = versions.find((candidate) => candidate.name === lastVersion);
  if (version === undefined) throw new Error(`Docs version "${lastVersion}" is not configured.`);
  return version;
}

/** A link to the docs of the current version, labelled with it. */
export function DocsVersionNavbarItem({
  item,
  ...rest
}: NavbarItemRenderProps & { item: DocsVersionItem }) {
  const version = currentDocsVersion();
  return (
    <DefaultNavbarItem
      {...rest}
      item={{
        label: item.label ?? version.label,
        to: item.to ?? version.path,
        activeBasePath: version.path,
      }}
    />
  );
}
