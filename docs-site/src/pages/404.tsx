import { Link, type HeadProps } from 'gatsby';
import { Main } from '../theme/Layout/Main';
import { Seo } from '../theme/Layout/Seo';

export default function NotFoundPage() {
  return (
    <Main className="container not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The page may have moved: start again from the <Link to="/docs/intro/">introduction</Link> or
        the <Link to="/">home page</Link>.
      </p>
    </Main>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Page Not Found"
      description="This page of the Brand API documentation does not exist."
      pathname={location.pathname}
    >
      <meta name="robots" content="noindex" />
    </Seo>
  );
}
