/** One link of the navbar, dropdowns, footer or mobile menu: internal pages through Gatsby's Link. */
import { Link } from 'gatsby';
import type { ReactNode } from 'react';
import { usePage } from '../../contexts/page';
import { isRegexpMatch, isSamePath } from '../../utils/paths';

export interface NavLinkProps {
  label: ReactNode;
  to?: string | undefined;
  href?: string | undefined;
  activeBasePath?: string | undefined;
  activeBaseRegex?: string | undefined;
  className?: string | undefined;
  activeClassName?: string | undefined;
  target?: string | undefined;
  lang?: string | undefined;
  onClick?: (() => void) | undefined;
}

export function isLinkActive(
  {
    to,
    activeBasePath,
    activeBaseRegex,
  }: Pick<NavLinkProps, 'to' | 'activeBasePath' | 'activeBaseRegex'>,
  pathname: string,
): boolean {
  if (activeBaseRegex !== undefined) return isRegexpMatch(activeBaseRegex, pathname);
  if (activeBasePath !== undefined) return pathname.startsWith(activeBasePath);
  return isSamePath(to, pathname);
}

export function NavLink(props: NavLinkProps) {
  const { pathname } = usePage();
  const {
    label,
    to,
    href,
    className,
    activeClassName = 'navbar__link--active',
    target,
    lang,
    onClick,
  } = props;
  if (href !== undefined) {
    return (
      <a
        className={className}
        href={href}
        target={target ?? '_blank'}
        rel="noopener noreferrer"
        lang={lang}
        onClick={onClick}
      >
        {label}
        <svg
          className="external-link-icon"
          width="13"
          height="13"
          viewBox="0 0 24 24"
          aria-hidden="true"
        >
          <path
            fill="currentColor"
            d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z"
          />
        </svg>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  const active = isLinkActive(props, pathname);
  return (
    <Link
      className={[className, active ? activeClassName : undefined].filter(Boolean).join(' ')}
      to={to ?? '/'}
      lang={lang}
      aria-current={isSamePath(to, pathname) ? 'page' : undefined}
      onClick={onClick}
    >
      {label}
    </Link>
  );
}
