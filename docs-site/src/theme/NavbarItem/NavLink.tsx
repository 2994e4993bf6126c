/** One link of the navbar, dropdowns, footer or mobile menu: internal pages through Gatsby's Link. */
import clsx from 'clsx';
import { Link } from 'gatsby';
import type { ReactNode } from 'react';
import { usePage } from '../../contexts/page';
import { isRegexpMatch, isSamePath } from '../../utils/paths';
import { IconExternalLink } from '../IconExternalLink';

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
  const { label, to, href, className, activeClassName, target, lang, onClick } = props;
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
        <IconExternalLink />
      </a>
    );
  }
  const active = isLinkActive(props, pathname);
  return (
    <Link
      className={clsx(className, active && activeClassName)}
      to={to ?? '/'}
      lang={lang}
      aria-current={isSamePath(to, pathname) ? 'page' : undefined}
      onClick={onClick}
    >
      {label}
    </Link>
  );
}
