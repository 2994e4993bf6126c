/** SPEC §2 footer: link columns (or one row of links), optional logo, copyright. */
import clsx from 'clsx';
import type { FooterColumn, FooterConfig, FooterLink } from '../../config/site-config-schema';
import { siteConfig } from '../../config/site-config';
import { containerClass } from '../Container';
import { NavLink } from '../NavbarItem/NavLink';
import * as styles from './styles.module.css';

function isColumns(links: FooterColumn[] | FooterLink[]): links is FooterColumn[] {
  return links.length > 0 && 'items' in links[0]!;
}

function FooterLinks({ links, className }: { links: FooterLink[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li className={styles.item} key={link.label}>
          <NavLink label={link.label} to={link.to} href={link.href} className={styles.link} />
        </li>
      ))}
    </ul>
  );
}

export function Footer({ footer = siteConfig.footer }: { footer?: FooterConfig }) {
  return (
    <footer className={clsx(styles.footer, footer.style === 'dark' && styles.dark)}>
      <div className={containerClass}>
        {isColumns(footer.links) ? (
          <div className={styles.columns}>
            {footer.links.map((column) => (
              <div key={column.title}>
                <h2 className={styles.title}>{column.title}</h2>
                <FooterLinks links={column.items} className={styles.items} />
              </div>
            ))}
          </div>
        ) : (
          <FooterLinks links={footer.links} className={styles.row} />
        )}
        <div className={styles.bottom}>
          {footer.logo !== undefined && (
            <img
              src={footer.logo.src}
              alt={footer.logo.alt}
              width={footer.logo.width}
              height={footer.logo.height}
            />
          )}
          <p className={styles.copyright}>{footer.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
