import { Link } from 'gatsby';
import { siteConfig } from '../../config/site-config';

/** Logo and title; the dark-mode logo is swapped by CSS so the server render needs no mode. */
export function NavbarLogo({ onClick }: { onClick?: () => void }) {
  const { title, logo } = siteConfig.navbar;
  return (
    <Link className="navbar__brand" to={logo?.href ?? '/'} onClick={onClick}>
      {logo !== undefined && (
        <>
          <img
            className="navbar__logo navbar__logo--light"
            loading="lazy"
            src={logo.src}
            alt={logo.alt}
            width={logo.width}
            height={logo.height}
          />
          <img
            className="navbar__logo navbar__logo--dark"
            loading="lazy"
            src={logo.srcDark ?? logo.src}
            alt={logo.alt}
            width={logo.width}
            height={logo.height}
          />
        </>
      )}
      <b className="navbar__title">{title}</b>
    </Link>
  );
}
