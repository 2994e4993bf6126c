import type { ReactNode } from 'react';

/** A highlighted note inside a guide. */
export function Note({ title = 'Note', children }: { title?: string; children: ReactNode }) {
  return (
    <aside className="admonition" aria-label={title}>
      <p>
        <strong>{title}</strong>
      </p>
      {children}
    </aside>
  );
}
