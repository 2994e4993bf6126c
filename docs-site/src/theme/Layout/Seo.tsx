/**
 * <head> tags of a page (Gatsby Head API): title with the site's delimiter, description, social
 * cards, the canonical URL and one hreflang alternate per locale (SPEC §2: the default locale
 * has no path prefix, the others their locale's).
 */
import type { ReactNode } from 'react';
import { siteConfig } from '../../config/site-config';
import { canonicalPath } from '../../utils/paths';

export function localeUrl(locale: string, pathname: string): string {
  const prefix = locale === siteConfig.i18n.defaultLocale ? '' : `/${locale}`;
  return `${siteConfig.url}${prefix}${canonicalPath(pathname) ?? pathname}`;
}

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
  const { i18n } = siteConfig;
  const url = localeUrl(i18n.currentLocale, pathname);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <link rel="canonical" href={url} />
      {i18n.locales.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={i18n.localeConfigs[locale]?.htmlLang ?? locale}
          href={localeUrl(locale, pathname)}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={localeUrl(i18n.defaultLocale, pathname)} />
      <meta property="og:type" content="website" />
      <meta name="twitter:card" content="summary" />
      <meta name="color-scheme" content="light dark" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {children}
    </>
  );
}
