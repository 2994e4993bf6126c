/** Class names of a button, for a <button> or a link that looks like one. */
import clsx from 'clsx';
import * as styles from './styles.module.css';

export function buttonClass(
  variant: 'primary' | 'secondary',
  { large = false, className }: { large?: boolean; className?: string | undefined } = {},
): string {
  return clsx(styles.button, styles[variant], large && styles.large, className);
}
