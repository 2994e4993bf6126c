/** The × button that closes the announcement bar, the mobile menu and the search dialog. */
import clsx from 'clsx';
import * as styles from './styles.module.css';

export function CloseButton({
  label,
  onClick,
  size = 14,
  strokeWidth = 2,
  className,
}: {
  /** Accessible name, e.g. "Close announcement". */
  label: string;
  onClick: () => void;
  size?: number;
  strokeWidth?: number;
  className?: string | undefined;
}) {
  return (
    <button
      type="button"
      className={clsx(styles.closeButton, className)}
      aria-label={label}
      onClick={onClick}
    >
      <svg viewBox="0 0 15 15" width={size} height={size} aria-hidden="true">
        <g stroke="currentColor" strokeWidth={strokeWidth}>
          <path d="M.75.75l13.5 13.5M14.25.75L.75 14.25" />
        </g>
      </svg>
    </button>
  );
}
