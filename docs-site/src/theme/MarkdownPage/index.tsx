import type { ReactNode } from 'react';
import { Main } from '../Layout/Main';

/** Layout of standalone MDX pages under src/pages. */
export function MarkdownPage({ children }: { children: ReactNode }) {
  return (
    <Main className="container markdown-page">
      <article className="markdown">{children}</article>
    </Main>
  );
}
