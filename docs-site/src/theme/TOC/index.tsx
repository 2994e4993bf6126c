/**
 * Table of contents, headings level 2 to 3 (SPEC §2), from gatsby-plugin-mdx's tableOfContents.
 * A column on wide screens, which marks the section being read (useTOCHighlight); a collapsible
 * "On this page" above the content on narrow ones.
 */
import { useRef, useState } from 'react';
import { useTOCHighlight } from '../../hooks/useTOCHighlight';
import { Collapsible } from '../Collapsible';
import * as styles from './styles.module.css';

export interface TocItem {
  url?: string;
  title?: string;
  items?: TocItem[];
}

function TocList({ items, depth }: { items: TocItem[]; depth: number }) {
  return (
    <ul className={styles.list}>
      {items.map((item, index) => (
        <li key={item.url ?? index}>
          {item.url !== undefined && (
            <a href={item.url} className={styles.link}>
              {item.title}
            </a>
          )}
          {depth < 3 && item.items !== undefined && item.items.length > 0 && (
            <TocList items={item.items} depth={depth + 1} />
          )}
        </li>
      ))}
    </ul>
  );
}

export function TOC({ items }: { items: TocItem[] }) {
  const nav = useRef<HTMLElement>(null);
  useTOCHighlight(nav, items);
  if (items.length === 0) return null;
  return (
    <div className={styles.desktop}>
      <nav ref={nav} aria-label="On this page" className={styles.toc}>
        <p className={styles.title}>On this page</p>
        <TocList items={items} depth={2} />
      </nav>
    </div>
  );
}

export function TOCCollapsible({ items }: { items: TocItem[] }) {
  const [collapsed, setCollapsed] = useState(true);
  if (items.length === 0) return null;
  return (
    <div className={styles.mobile}>
      <button
        type="button"
        className={styles.mobileButton}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed((value) => !value)}
      >
        On this page
      </button>
      <Collapsible collapsed={collapsed}>
        <nav aria-label="On this page (mobile)">
          <TocList items={items} depth={2} />
        </nav>
      </Collapsible>
    </div>
  );
}
