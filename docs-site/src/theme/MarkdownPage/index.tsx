import clsx from 'clsx';
import type { ReactNode } from 'react';
import { containerClass } from '../Container';
import { Main } from '../Layout/Main';
import { MDXContent } from '../MDXContent';
import * as styles from './styles.module.css';

/** Layout of standalone MDX pages under src/pages. */
export function MarkdownPage({ children }: { children: ReactNode }) {
  return (
    <Main className={clsx(containerClass, styles.page)}>
      <MDXContent>{children}</MDXContent>
    </Main>
  );
}

/** The same column for a page that is not MDX (the not-found page). */
export function StandalonePage({ children }: { children: ReactNode }) {
  return <Main className={clsx(containerClass, styles.page)}>{children}</Main>;
}
