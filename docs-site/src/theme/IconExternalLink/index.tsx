import * as styles from './styles.module.css';

/** Marks a link that opens another site in a new tab (for screen readers too). */
export function IconExternalLink() {
  return (
    <>
      <svg className={styles.icon} width="13" height="13" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z"
        />
      </svg>
      <span className="sr-only"> (opens in a new tab)</span>
    </>
  );
}
