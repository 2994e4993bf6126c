import clsx from 'clsx';
import { Link } from 'gatsby';
import { siteConfig } from '../../../config/site-config';
import * as styles from './styles.module.css';

/** Logo and title; the dark-mode logo is swapped by CSS so the server render needs no mode. */
export function NavbarLogo({ onClick, className }: { onClick?: () => void; className?: string }) {
  const { title, logo } = siteConfig.navbar;
  return (
    <Link className={clsx(styles.brand, className)} to={logo?.href ?? '/'} onClick={onClick}>
      {logo !== undefined && (
        <>
          <img
            className={clsx(styles.logo, styles.logoLight)}
            loading="lazy"
            src={logo.src}
            alt={logo.alt}
            width={logo.width}
            height={logo.height}
          />
          <img
            className={clsx(styles.logo, styles.logoDark)}
            loading="lazy"
            src={logo.srcDark ?? logo.src}
            alt={logo.alt}
            width={logo.width}
            height={logo.height}
          />
        </>
      )}
      <b className={styles.title}>{title}</b>
    </Link>
  );
}
