/** The docs sidebar: docs, collapsible categories (with their index page) and links. */
import clsx from 'clsx';
import { Link } from 'gatsby';
import { useEffect, useState } from 'react';
import { findDoc } from '../../config/docs-index';
import { docPath } from '../../config/docs-paths';
import type { SidebarCategoryItem, SidebarItem } from '../../config/sidebars';
import { usePage } from '../../contexts/page';
import { isSamePath } from '../../utils/paths';
import { Collapsible } from '../Collapsible';
import { menuStyles } from '../Menu';
import * as styles from './styles.module.css';

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
    <li className={clsx(menuStyles.item, collapsed && menuStyles.collapsed)}>
      <div className={menuStyles.collapsible}>
        <Link
          className={clsx(menuStyles.link, current && menuStyles.linkActive)}
          to={item.slug}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
        >
          {item.label}
        </Link>
        <button
          type="button"
          className={menuStyles.caret}
          aria-label={`${collapsed ? 'Expand' : 'Collapse'} sidebar category '${item.label}'`}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed((value) => !value)}
        />
      </div>
      <Collapsible as="ul" className={menuStyles.list} collapsed={collapsed}>
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
            <li className={menuStyles.item} key={item.href}>
              <a
                className={menuStyles.link}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {item.label}
              </a>
            </li>
          );
        }
        const doc = findDoc(item.id);
        const path = docPath(item.id);
        const current = isSamePath(path, pathname);
        return (
          <li className={menuStyles.item} key={item.id}>
            <Link
              className={clsx(menuStyles.link, current && menuStyles.linkActive)}
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
    <ul className={menuStyles.list}>
      <DocSidebarItemList items={items} onNavigate={onNavigate} />
    </ul>
  );
}

export function DocSidebar({ items }: { items: readonly SidebarItem[] }) {
  return (
    <aside className={styles.sidebar}>
      <nav className={styles.menu} aria-label="Docs sidebar">
        <DocSidebarItems items={items} />
      </nav>
    </aside>
  );
}
