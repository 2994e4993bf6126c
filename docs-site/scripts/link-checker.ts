/**
 * Post-build link checker over the generated HTML (SPEC §2: "A broken link fails the site
 * build"). For every `<a href>` to this site it requires: the target page exists, a page link
 * ends with a trailing slash, and a `#fragment` names an element id on the target page.
 *
 * Hand-written: link checkers on npm crawl over HTTP and know nothing of our trailing-slash
 * rule; over the static files this is a short, exact check.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';

export interface LinkProblem {
  page: string;
  href: string;
  problem: string;
}

const SITE_ORIGIN = 'http://site.invalid';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return htmlFiles(file);
    return name.endsWith('.html') ? [file] : [];
  });
}

/** public/docs/intro/index.html → /docs/intro/ ; public/404.html → /404.html */
export function urlPathOf(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return relative.endsWith('index.html')
    ? `/${relative.slice(0, -'index.html'.length)}`
    : `/${relative}`;
}

interface PageInfo {
  ids: Set<string>;
  hrefs: string[];
}

function readPage(file: string): PageInfo {
  const document = parse(readFileSync(file, 'utf8'));
  const ids = new Set(
    document
      .querySelectorAll('[id], a[name]')
      .map((element) => element.getAttribute('id') ?? element.getAttribute('name') ?? ''),
  );
  const hrefs = document
    .querySelectorAll('a[href]')
    .map((element) => element.getAttribute('href') ?? '');
  return { ids, hrefs };
}

export function checkLinks(root: string): LinkProblem[] {
  const absoluteRoot = path.resolve(root);
  if (!existsSync(path.join(absoluteRoot, 'index.html'))) {
    return [
      {
        page: '-',
        href: '-',
        problem: `${absoluteRoot}/index.html not found: build the site first`,
      },
    ];
  }
  const pages = new Map<string, PageInfo>();
  for (const file of htmlFiles(absoluteRoot))
    pages.set(urlPathOf(absoluteRoot, file), readPage(file));

  const problems: LinkProblem[] = [];
  for (const [page, { hrefs, ids }] of pages) {
    for (const href of hrefs) {
      const report = (problem: string) => problems.push({ page, href, problem });
      if (href === '') {
        report('empty href');
        continue;
      }
      const url = new URL(href, SITE_ORIGIN + page);
      if (url.origin !== SITE_ORIGIN) continue; // another site, mailto:, tel:
      const pathname = decodeURIComponent(url.pathname);
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (pathname === page) {
        // `#id`, or the page linking to itself (the 404 page is served at any path).
        if (fragment !== '' && !ids.has(fragment))
          report(`no element with id "${fragment}" on this page`);
        continue;
      }
      const file = path.join(absoluteRoot, pathname);
      const isAsset = path.extname(pathname) !== '' && !pathname.endsWith('.html');
      if (isAsset) {
        if (!existsSync(file)) report(`no such file ${pathname}`);
        continue;
      }
      if (!pathname.endsWith('/')) {
        report('internal link without its trailing slash');
        continue;
      }
      const target = pages.get(pathname);
      if (target === undefined) {
        report(`no page at ${pathname}`);
        continue;
      }
      if (fragment !== '' && !target.ids.has(fragment))
        report(`no element with id "${fragment}" on ${pathname}`);
    }
  }
  return problems;
}
