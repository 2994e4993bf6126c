/** The docs sidebar: docs, collapsible categories (with their index page) and links. */
import { Link } from 'gatsby';
import { useEffect, useState } from 'react';
import { findDoc } from '../../config/docs-index';
import { docPath } from '../../config/docs-paths';
import type { SidebarCategoryItem, SidebarItem } from '../../config/sidebars';
import { usePage } from '../../contexts/page';
import { isSamePath } from '../../utils/paths';
import { Collapsible } from '../Collapsible';

function containsPath(item: SidebarItem, pathname: string): boolean {
  if (item.type === 'doc') return isSamePath(docPath(item.id), pathname);
  if (item.type === 'category') {
    return (
      isSamePath(item.slug, pathname) || item.items.some((child) => containsPath(child, pathname))
    );
  }
  return false;
}

function Category({ item, onNavigate }: { item: SidebarCategoryItem; onNavigate?: () => void }) {
  const { pathname } = usePage();
  const active = containsPath(item, pathname);
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active]);
  const current = isSamePath(item.slug, pathname);
  return (
    <li
      className={['menu__list-item', collapsed ? 'menu__list-item--collapsed' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <div className="menu__list-item-collapsible">
        <Link
          className={['menu__link', 'menu__link--sublist', current ? 'menu__link--active' : '']
            .filter(Boolean)
            .join(' ')}
          to={item.slug}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
        >
          {item.label}
        </Link>
        <button
          type="button"
          className="menu__caret"
          aria-label={`${collapsed ? 'Expand' : 'Collapse'} sidebar category '${item.label}'`}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed((value) => !value)}
        />
      </div>
      <Collapsible as="ul" className="menu__list" collapsed={collapsed}>
        <DocSidebarItemList items={item.items} onNavigate={onNavigate} />
      </Collapsible>
    </li>
  );
}

function DocSidebarItemList({
  items,
  onNavigate,
}: {
  items: readonly SidebarItem[];
  onNavigate?: () => void;
}) {
  const { pathname } = usePage();
  return (
    <>
      {items.map((item) => {
        if (item.type === 'category')
          return <Category key={item.slug} item={item} onNavigate={onNavigate} />;
        if (item.type === 'link') {
          return (
            <li className="menu__list-item" key={item.href}>
              <a className="menu__link" href={item.href} target="_blank" rel="noopener noreferrer">
                {item.label}
              </a>
            </li>
          );
        }
        const doc = findDoc(item.id);
        const path = docPath(item.id);
        const current = isSamePath(path, pathname);
        return (
          <li className="menu__list-item" key={item.id}>
            <Link
              className={['menu__link', current ? 'menu__link--active' : '']
                .filter(Boolean)
                .join(' ')}
              to={path}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label ?? doc?.title ?? item.id}
            </Link>
          </li>
        );
      })}
    </>
  );
}

export function DocSidebarItems({
  items,
  onNavigate,
}: {
  items: readonly SidebarItem[];
  onNavigate?: () => void;
}) {
  return (
    <ul className="menu__list">
      <DocSidebarItemList items={items} onNavigate={onNavigate} />
    </ul>
  );
}

export function DocSidebar({ items }: { items: readonly SidebarItem[] }) {
  return (
    <aside className="doc-sidebar">
      <nav className="menu doc-sidebar__menu" aria-label="Docs sidebar">
        <DocSidebarItems items={items} />
      </nav>
    </aside>
  );
}
