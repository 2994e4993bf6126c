import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../SkipToContent';

/** The page's <main>, target of the skip link (focusable so keyboard users land inside it). */
export function Main({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={className}>
      {children}
    </main>
  );
}
