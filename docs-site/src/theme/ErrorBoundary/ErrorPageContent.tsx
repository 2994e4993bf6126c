/** SPEC §8: 'This page crashed.' with 'Try again', the error message and its causes. */
import type { FallbackProps } from './ErrorBoundary';

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
    <div className="error-page container" role="alert">
      <h1 className="error-page__title">This page crashed.</h1>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        Try again
      </button>
      <pre className="error-page__message">{messageOf(first)}</pre>
      {causes.map((cause, index) => (
        <pre className="error-page__message" key={index}>
          <strong>Cause: </strong>
          {messageOf(cause)}
        </pre>
      ))}
    </div>
  );
}
