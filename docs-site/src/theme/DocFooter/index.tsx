/** Under a guide: "Edit this page" (to the configured repository) and when it last changed. */
import * as styles from './styles.module.css';

export interface DocFooterInfo {
  /** Where the guide is edited; null when the site configures no repository. */
  editUrl: string | null;
  /** The guide's last commit (ISO date and its text), null when git cannot tell. */
  lastUpdated: { iso: string; text: string } | null;
}

export function DocFooter({ editUrl, lastUpdated }: DocFooterInfo) {
  if (editUrl === null && lastUpdated === null) return null;
  return (
    <footer className={styles.docFooter}>
      {editUrl !== null && (
        <a href={editUrl} className={styles.editLink} target="_blank" rel="noopener noreferrer">
          <svg width="16" height="16" viewBox="0 0 40 40" aria-hidden="true">
            <path
              fill="currentColor"
              d="m34.5 11.7l-3 3.1-6.3-6.3 3.1-3q0.5-0.5 1.2-0.5t1.1 0.5l3.9 3.9q0.5 0.4 0.5 1.1t-0.5 1.2z m-29.5 17.1l18.4-18.5 6.3 6.3-18.4 18.4h-6.3v-6.2z"
            />
          </svg>
          Edit this page
        </a>
      )}
      {lastUpdated !== null && (
        <span className={styles.lastUpdated}>
          Last updated on <time dateTime={lastUpdated.iso}>{lastUpdated.text}</time>
        </span>
      )}
    </footer>
  );
}
