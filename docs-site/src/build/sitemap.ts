/**
 * Build time: public/sitemap.xml listing every page of the site but the not-found page.
 * Written by hand rather than with gatsby-plugin-sitemap, which writes sitemap-index.xml and
 * sitemap-0.xml (not the /sitemap.xml readers and crawlers ask for) for a site of ten pages.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

function isNotFoundPage(pagePath: string): boolean {
  return /^\/(404|dev-404-page)(\/|\.html)?$/.test(pagePath);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sitemapXml(siteUrl: string, pagePaths: readonly string[]): string {
  const urls = [...new Set(pagePaths)]
    .filter((pagePath) => !isNotFoundPage(pagePath))
    .sort()
    .map((pagePath) => `  <url><loc>${escapeXml(new URL(pagePath, siteUrl).href)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function writeSitemap(publicDir: string, siteUrl: string, pagePaths: readonly string[]) {
  writeFileSync(path.join(publicDir, 'sitemap.xml'), sitemapXml(siteUrl, pagePaths));
}
