/** SPEC §8 'Page Error': a part of a page could not be loaded (network, chunk); retry it. */
export function PageLoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="page-load-error container" role="alert">
      <h2>Page Error</h2>
      <p>{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="button button--primary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
