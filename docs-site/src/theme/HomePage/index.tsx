/** The home page (SPEC §2 /): the site's title and tagline, and a card per kind of integration. */
import clsx from 'clsx';
import { Link } from 'gatsby';
import { siteConfig } from '../../config/site-config';
import { buttonClass } from '../Button';
import { containerClass } from '../Container';
import { Main } from '../Layout/Main';
import * as styles from './styles.module.css';

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

export function HomePage() {
  return (
    <Main>
      <header className={styles.hero}>
        <div className={containerClass}>
          <h1 className={styles.title}>{siteConfig.title}</h1>
          <p className={styles.subtitle}>{siteConfig.tagline}</p>
          <div className={styles.buttons}>
            <Link
              className={buttonClass('primary', { large: true, className: styles.heroPrimary })}
              to="/docs/intro/"
            >
              Get started
            </Link>
            <Link
              className={buttonClass('secondary', { large: true, className: styles.heroSecondary })}
              to="/api/"
            >
              API reference
            </Link>
          </div>
        </div>
      </header>
      <section className={clsx(containerClass, styles.features)} aria-labelledby="features-title">
        <h2 id="features-title" className="sr-only">
          What you can build
        </h2>
        <ul className={styles.featureList}>
          {features.map((feature) => (
            <li key={feature.to}>
              <h3 className={styles.featureTitle}>
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
