import type { DocNavbarItem as DocItem } from '../../config/navbar-item-schemas';
import { findDoc } from '../../config/docs-index';
import { DefaultNavbarItem } from './DefaultNavbarItem';
import type { NavbarItemRenderProps } from './types';

export function DocNavbarItem({ item, ...rest }: NavbarItemRenderProps & { item: DocItem }) {
  const doc = findDoc(item.docId);
  if (doc === undefined) {
    throw new Error(`DocNavbarItem: couldn't find any doc with id "${item.docId}".`);
  }
  return (
    <DefaultNavbarItem
      {...rest}
      item={{ label: item.label ?? doc.title, to: doc.path, position: item.position }}
    />
  );
}
