/**
 * A dropdown of links. Desktop: opens on hover or click, closes on a click, touch or focus
 * outside it and on Escape (after Docusaurus' DropdownNavbarItem/Desktop). Mobile: a
 * collapsible list that starts expanded when one of its links is the current page.
 */
import clsx from 'clsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DropdownChild, NavbarItemConfig } from '../../config/navbar-item-schemas';
import { findDoc } from '../../config/docs-index';
import { usePage } from '../../contexts/page';
import { Collapsible } from '../Collapsible';
import { menuStyles } from '../Menu';
import { isLinkActive, NavLink } from './NavLink';
import * as styles from './styles.module.css';
import type { NavbarItemRenderProps } from './types';

export interface DropdownEntry {
  label: string;
  to?: string;
  href?: string;
  activeBasePath?: string;
  activeBaseRegex?: string;
  lang?: string;
  onSelect?: () => void;
}

export interface DropdownModel {
  type: 'dropdown';
  label: string;
  to?: string;
  position?: 'left' | 'right';
  items: Array<DropdownChild | DropdownEntry>;
}

function toEntry(child: DropdownChild | DropdownEntry): DropdownEntry {
  if ('type' in child && child.type === 'doc') {
    const doc = findDoc(child.docId);
    if (doc === undefined)
      throw new Error(`DocNavbarItem: couldn't find any doc with id "${child.docId}".`);
    return { label: child.label ?? doc.title, to: doc.path };
  }
  const { label, to, href, activeBasePath, activeBaseRegex } = child as DropdownEntry;
  const entry: DropdownEntry = { label };
  if (to !== undefined) entry.to = to;
  if (href !== undefined) entry.href = href;
  if (activeBasePath !== undefined) entry.activeBasePath = activeBasePath;
  if (activeBaseRegex !== undefined) entry.activeBaseRegex = activeBaseRegex;
  if ('lang' in child && child.lang !== undefined) entry.lang = child.lang;
  if ('onSelect' in child && child.onSelect !== undefined) entry.onSelect = child.onSelect;
  return entry;
}

/** The dropdown's links; choosing one runs its own action, then `afterSelect` (which closes). */
function EntryItems({
  entries,
  itemClassName,
  linkClassName,
  activeClassName,
  afterSelect,
}: {
  entries: DropdownEntry[];
  itemClassName?: string;
  linkClassName?: string;
  activeClassName?: string;
  afterSelect?: () => void;
}) {
  return entries.map((entry) => (
    <li className={itemClassName} key={`${entry.label}-${entry.to ?? entry.href ?? ''}`}>
      <NavLink
        {...entry}
        className={linkClassName}
        activeClassName={activeClassName}
        onClick={() => {
          entry.onSelect?.();
          afterSelect?.();
        }}
      />
    </li>
  ));
}

interface DropdownProps extends NavbarItemRenderProps {
  item: DropdownModel | Extract<NavbarItemConfig, { type: 'dropdown' }>;
  ariaLabel?: string;
  icon?: ReactNode;
}

function DesktopDropdown({ item, ariaLabel, icon }: DropdownProps) {
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const entries = item.items.map(toEntry);

  useEffect(() => {
    const closeIfOutside = (event: Event) => {
      if (ref.current === null || ref.current.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', closeIfOutside);
    document.addEventListener('touchstart', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('mousedown', closeIfOutside);
      document.removeEventListener('touchstart', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, []);

  return (
    <div
      ref={ref}
      className={clsx(
        styles.item,
        styles.dropdown,
        item.position === 'right' && styles.dropdownRight,
        open && styles.dropdownShown,
      )}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          trigger.current?.focus();
        }
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={clsx(styles.link, styles.trigger)}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={ariaLabel}
        onClick={() => setOpen((current) => !current)}
      >
        {icon}
        {item.label}
      </button>
      <ul className={styles.menu}>
        <EntryItems
          entries={entries}
          linkClassName={styles.dropdownLink}
          activeClassName={styles.dropdownLinkActive}
          afterSelect={() => setOpen(false)}
        />
      </ul>
    </div>
  );
}

function MobileDropdown({ item, onClick, icon }: DropdownProps) {
  const { pathname } = usePage();
  const entries = item.items.map(toEntry);
  const containsActive = entries.some(
    (entry) => entry.href === undefined && isLinkActive(entry, pathname),
  );
  const [collapsed, setCollapsed] = useState(!containsActive);
  useEffect(() => {
    if (containsActive) setCollapsed(false);
  }, [containsActive]);

  return (
    <li className={clsx(menuStyles.item, collapsed && menuStyles.collapsed)}>
      <div className={menuStyles.collapsible}>
        <button
          type="button"
          className={menuStyles.link}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed((current) => !current)}
        >
          {icon}
          {item.label}
          <span className={menuStyles.caret} aria-hidden="true" />
        </button>
      </div>
      <Collapsible as="ul" className={menuStyles.list} collapsed={collapsed}>
        <EntryItems
          entries={entries}
          itemClassName={menuStyles.item}
          linkClassName={menuStyles.link}
          activeClassName={menuStyles.linkActive}
          afterSelect={onClick}
        />
      </Collapsible>
    </li>
  );
}

export function DropdownNavbarItem(props: DropdownProps) {
  return props.mobile ? <MobileDropdown {...props} /> : <DesktopDropdown {...props} />;
}
