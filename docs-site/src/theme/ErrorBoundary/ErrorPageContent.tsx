/** SPEC §8: 'This page crashed.' with 'Try again', the error message and its causes. */
import clsx from 'clsx';
import { buttonClass } from '../Button';
import { containerClass } from '../Container';
import type { FallbackProps } from './ErrorBoundary';
import * as styles from './styles.module.css';

export function causalChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 10) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ErrorPageContent({ error, tryAgain }: FallbackProps) {
  const [first, ...causes] = causalChain(error);
  return (
    <div className={clsx(containerClass, styles.errorPage)} role="alert">
      <h1 className={styles.title}>This page crashed.</h1>
      <button type="button" className={buttonClass('primary')} onClick={tryAgain}>
        Try again
      </button>
      <pre className={styles.message}>{messageOf(first)}</pre>
      {causes.map((cause, index) => (
        <pre className={styles.message} key={index}>
          <strong>Cause: </strong>
          {messageOf(cause)}
        </pre>
      ))}
    </div>
  );
}
