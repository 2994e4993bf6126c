import { Link, type HeadProps } from 'gatsby';
import { Seo } from '../theme/Layout/Seo';
import { StandalonePage } from '../theme/MarkdownPage';

export default function NotFoundPage() {
  return (
    <StandalonePage>
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The page may have moved: start again from the <Link to="/docs/intro/">introduction</Link> or
        the <Link to="/">home page</Link>.
      </p>
    </StandalonePage>
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
