import type { HeadProps } from 'gatsby';
import { ApiReference } from '../components/ApiReference';
import { containerClass } from '../theme/Container';
import { Main } from '../theme/Layout/Main';
import { Seo } from '../theme/Layout/Seo';

export default function ApiPage() {
  return (
    <Main>
      <h1 className="sr-only">Brand API reference</h1>
      <ApiReference />
      <noscript>
        <p className={containerClass}>
          Without JavaScript the reference below is read-only: the sidebar, the tabs and the samples
          need it. The same description as an OpenAPI document:{' '}
          <a href="/openapi.json">download it here</a>, or ask your API host for it with{' '}
          <code>GET /api/v1/openapi.json</code>.
        </p>
      </noscript>
    </Main>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="API reference"
      description="Every call of the Brand API v1: paths, parameters, request and response bodies, errors and webhooks."
      pathname={location.pathname}
    />
  );
}
