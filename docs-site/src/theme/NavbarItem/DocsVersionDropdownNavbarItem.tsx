import type { DocsVersionDropdownNavbarItem as VersionDropdownItem } from '../../config/navbar-item-schemas';
import { siteConfig } from '../../config/site-config';
import { usePage } from '../../contexts/page';
import { createStorageSlot, storageKeys } from '../../utils/storage';
import { DropdownNavbarItem } from './DropdownNavbarItem';
import { currentDocsVersion } from './DocsVersionNavbarItem';
import type { NavbarItemRenderProps } from './types';

const preferredVersion = createStorageSlot(storageKeys.docsPreferredVersion);

/**
 * Lists the docs versions; picking one is remembered (SPEC §3 "the docs version choice is also
 * persisted"). A docs page links to the same page in the other version.
 */
export function DocsVersionDropdownNavbarItem({
  item,
  ...rest
}: NavbarItemRenderProps & { item: VersionDropdownItem }) {
  const { pathname } = usePage();
  const current = currentDocsVersion();
  const items = siteConfig.docs.versions.map((version) => ({
    label: version.label,
    to: pathname.startsWith(current.path)
      ? version.path + pathname.slice(current.path.length)
      : version.path,
    activeBasePath: version.path,
    onSelect: () => preferredVersion.set(version.name),
  }));
  return (
    <DropdownNavbarItem
      {...rest}
      item={{ type: 'dropdown', label: current.label, position: item.position, items }}
      ariaLabel={`Docs version: ${current.label}`}
    />
  );
}
