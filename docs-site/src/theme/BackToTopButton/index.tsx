/**
 * A button that appears once the reader has scrolled down a screenful, and scrolls back up.
 * Hidden with visibility, so it is out of the tab order and the accessibility tree until then.
 */
import clsx from 'clsx';
import { useState } from 'react';
import { useScrollPosition } from '../../hooks/useScrollPosition';
import * as styles from './styles.module.css';

/** How far down (px) the button appears. */
const THRESHOLD = 300;

export function BackToTopButton() {
  const [shown, setShown] = useState(false);
  useScrollPosition(({ scrollY }) => setShown(scrollY > THRESHOLD));
  return (
    <button
      type="button"
      aria-label="Scroll back to top"
      className={clsx(styles.backToTop, shown && styles.shown)}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z" fill="currentColor" />
      </svg>
    </button>
  );
}
