import type { ReactNode } from 'react';
import * as styles from './styles.module.css';

/** The article a guide or a standalone MDX page is rendered in, with its typography. */
export function MDXContent({ children }: { children: ReactNode }) {
  return <article className={styles.markdown}>{children}</article>;
}
