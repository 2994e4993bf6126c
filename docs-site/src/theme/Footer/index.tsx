/** SPEC §2 footer: link columns (or one row of links), optional logo, copyright. */
import type { FooterColumn, FooterConfig, FooterLink } from '../../config/site-config-schema';
import { siteConfig } from '../../config/site-config';
import { NavLink } from '../NavbarItem/NavLink';

function isColumns(links: FooterColumn[] | FooterLink[]): links is FooterColumn[] {
  return links.length > 0 && 'items' in links[0]!;
}

function FooterLinkItem({ link }: { link: FooterLink }) {
  return (
    <NavLink
      label={link.label}
      to={link.to}
      href={link.href}
      className="footer__link-item"
      activeClassName=""
    />
  );
}

export function Footer({ footer = siteConfig.footer }: { footer?: FooterConfig }) {
  return (
    <footer className={['footer', footer.style === 'dark' ? 'footer--dark' : ''].join(' ')}>
      <div className="container">
        {isColumns(footer.links) ? (
          <div className="footer__links row">
            {footer.links.map((column) => (
              <div className="footer__col col" key={column.title}>
                <h2 className="footer__title">{column.title}</h2>
                <ul className="footer__items">
                  {column.items.map((link) => (
                    <li className="footer__item" key={link.label}>
                      <FooterLinkItem link={link} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : (
          <ul className="footer__links footer__links--simple">
            {footer.links.map((link) => (
              <li className="footer__item" key={link.label}>
                <FooterLinkItem link={link} />
              </li>
            ))}
          </ul>
        )}
        <div className="footer__bottom">
          {footer.logo !== undefined && (
            <img
              className="footer__logo"
              src={footer.logo.src}
              alt={footer.logo.alt}
              width={footer.logo.width}
              height={footer.logo.height}
            />
          )}
          <p className="footer__copyright">{footer.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
