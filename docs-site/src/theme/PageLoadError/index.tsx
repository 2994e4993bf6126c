/** SPEC §8 'Page Error': a part of a page could not be loaded (network, chunk); retry it. */
import clsx from 'clsx';
import { buttonClass } from '../Button';
import { containerClass } from '../Container';
import * as styles from './styles.module.css';

export function PageLoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className={clsx(containerClass, styles.pageLoadError)} role="alert">
      <h2>Page Error</h2>
      <p>{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className={buttonClass('primary')} onClick={retry}>
        Try again
      </button>
    </div>
  );
}
