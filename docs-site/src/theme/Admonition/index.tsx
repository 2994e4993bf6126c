import type { ReactNode } from 'react';
import * as styles from './styles.module.css';

/** A highlighted note inside a guide. */
export function Note({ title = 'Note', children }: { title?: string; children: ReactNode }) {
  return (
    <aside className={styles.admonition} aria-label={title}>
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </aside>
  );
}
