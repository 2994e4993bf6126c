import { Link, type HeadProps } from 'gatsby';
import { siteConfig } from '../config/site-config';
import { Main } from '../theme/Layout/Main';
import { Seo } from '../theme/Layout/Seo';

const features = [
  {
    title: 'REST API',
    to: '/docs/developer/rest-api/',
    text: 'Sync your product catalogue, manage members and groups, and read posts with cursor-paginated calls.',
  },
  {
    title: 'Webhooks',
    to: '/docs/developer/webhooks/',
    text: 'Receive signed events when members join, post, comment and like, with retries for more than a day.',
  },
  {
    title: 'Custom authentication',
    to: '/docs/custom-auth/',
    text: 'Sign your own users in to the community with single-use magic links.',
  },
];

export default function HomePage() {
  return (
    <Main>
      <header className="hero">
        <div className="container">
          <h1 className="hero__title">{siteConfig.title}</h1>
          <p className="hero__subtitle">{siteConfig.tagline}</p>
          <div className="hero__buttons">
            <Link className="button button--primary button--lg" to="/docs/intro/">
              Get started
            </Link>
            <Link className="button button--secondary button--lg" to="/api/">
              API reference
            </Link>
          </div>
        </div>
      </header>
      <section className="features container" aria-labelledby="features-title">
        <h2 id="features-title" className="sr-only">
          What you can build
        </h2>
        <ul className="features__list">
          {features.map((feature) => (
            <li className="feature" key={feature.to}>
              <h3 className="feature__title">
                <Link to={feature.to}>{feature.title}</Link>
              </h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </Main>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo pathname={location.pathname} />;
}
