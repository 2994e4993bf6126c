/**
 * The interactive API reference (SPEC §2 /api/): the OpenAPI document bundled from contracts at
 * build time, rendered by Redoc in the site's colour mode. Redoc's code and the document load
 * only on this page, after hydration; a failure shows 'Page Error' with 'Try again'.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useColorMode } from '../../contexts/colorMode';
import { ErrorBoundary } from '../../theme/ErrorBoundary/ErrorBoundary';
import { PageLoadError } from '../../theme/PageLoadError';

const OPENAPI_URL = '/openapi.json';

type SpecState =
  { status: 'loading' } | { status: 'ready'; spec: object } | { status: 'failed'; error: Error };

function Loading() {
  return (
    <p className="api-reference__loading" role="status">
      Loading the API reference…
    </p>
  );
}

async function fetchSpec(): Promise<object> {
  const response = await fetch(OPENAPI_URL);
  if (!response.ok)
    throw new Error(`The API description could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as object;
}

export function ApiReference() {
  const { colorMode } = useColorMode();
  const [spec, setSpec] = useState<SpecState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  // A fresh lazy component per attempt: React caches a failed import otherwise.
  const RedocView = useMemo(() => lazy(() => import('./RedocView')), [attempt]);

  const load = useCallback(() => {
    setSpec({ status: 'loading' });
    fetchSpec().then(
      (document) => setSpec({ status: 'ready', spec: document }),
      (error: unknown) =>
        setSpec({
          status: 'failed',
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
  }, []);

  useEffect(load, [load, attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const onLoaded = useCallback(() => setLoaded(true), []);

  return (
    <div className="api-reference" data-ready={loaded ? 'true' : 'false'}>
      {spec.status === 'loading' && <Loading />}
      {spec.status === 'failed' && <PageLoadError error={spec.error} retry={retry} />}
      {spec.status === 'ready' && (
        <ErrorBoundary
          key={attempt}
          fallback={({ error }) => <PageLoadError error={error} retry={retry} />}
        >
          <Suspense fallback={<Loading />}>
            <RedocView spec={spec.spec} colorMode={colorMode} onLoaded={onLoaded} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
