/** URL path helpers shared by the navbar (active items), the sidebar and the .html normaliser. */

/** `/docs/intro` and `/docs/intro/` are the same page. */
export function isSamePath(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const strip = (p: string) => (p.endsWith('/') ? p : `${p}/`).toLowerCase();
  return strip(a) === strip(b);
}

/**
 * SPEC §2: paths ending in `index.html` or `.html` are the bare path with its trailing slash.
 * Returns undefined when the path is already canonical.
 */
export function canonicalPath(pathname: string): string | undefined {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) {
    const bare = pathname.slice(0, -'.html'.length);
    return bare === '/404' ? undefined : `${bare}/`;
  }
  return undefined;
}

export function isRegexpMatch(pattern: string | undefined, pathname: string): boolean {
  return pattern !== undefined && new RegExp(pattern).test(pathname);
}
