/** Cards for the docs of a category (category index page and docs root). */
import { Link } from 'gatsby';
import { findDoc } from '../../config/docs-index';
import { docPath } from '../../config/docs-paths';
import type { SidebarItem } from '../../config/sidebars';
import * as styles from './styles.module.css';

export function DocCardList({ items }: { items: readonly SidebarItem[] }) {
  return (
    <ul className={styles.cards}>
      {items.map((item) => {
        if (item.type === 'link') return null;
        const card =
          item.type === 'doc'
            ? {
                key: item.id,
                to: docPath(item.id),
                title: item.label ?? findDoc(item.id)?.title ?? item.id,
                text: findDoc(item.id)?.description ?? '',
              }
            : { key: item.slug, to: item.slug, title: item.label, text: item.description };
        return (
          <li key={card.key}>
            <Link to={card.to} className={styles.link}>
              <h2 className={styles.title}>{card.title}</h2>
              <p className={styles.text}>{card.text}</p>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
