/** <head> tags of a page (Gatsby Head API): title with the site's delimiter, description, social cards. */
import type { ReactNode } from 'react';
import { siteConfig } from '../../config/site-config';

export function Seo({
  title,
  description,
  pathname,
  children,
}: {
  title?: string;
  description?: string;
  pathname: string;
  children?: ReactNode;
}) {
  const fullTitle =
    title === undefined
      ? `${siteConfig.title} ${siteConfig.titleDelimiter} ${siteConfig.tagline}`
      : `${title} ${siteConfig.titleDelimiter} ${siteConfig.title}`;
  const text = description ?? siteConfig.description;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={`${siteConfig.url}${pathname}`} />
      <meta property="og:type" content="website" />
      <meta name="twitter:card" content="summary" />
      <meta name="color-scheme" content="light dark" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {children}
    </>
  );
}
