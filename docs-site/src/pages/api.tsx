import type { HeadProps } from 'gatsby';
import { ApiReference } from '../components/ApiReference';
import { Main } from '../theme/Layout/Main';
import { Seo } from '../theme/Layout/Seo';

export default function ApiPage() {
  return (
    <Main className="api-page">
      <h1 className="sr-only">Brand API reference</h1>
      <ApiReference />
      <noscript>
        <p className="container">
          The interactive reference needs JavaScript. Download the{' '}
          <a href="/openapi.json">OpenAPI document</a> instead.
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
