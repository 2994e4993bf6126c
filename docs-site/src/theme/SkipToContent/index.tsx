/** The first focusable element of every page: jumps past the navbar to the main content. */
import type { MouseEvent } from 'react';
import * as styles from './styles.module.css';

export const MAIN_CONTENT_ID = 'main-content';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (main === null) return;
  // Focus <main> itself rather than only scrolling to it, so the next Tab starts inside it.
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function SkipToContent() {
  return (
    <a className={styles.skipToContent} href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
      Skip to main content
    </a>
  );
}
