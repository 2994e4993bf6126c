/**
 * Serves the built site (public/) the way SPEC §2 wants it hosted: trailing slashes required
 * (`/docs/intro` → 301 `/docs/intro/`), `/x/index.html` and `/x.html` → 301 `/x/`, the 404 page
 * with status 404 for anything else, gzip for text, long caching for hashed assets. Used by
 * `npm run docs:serve`, the browser tests and the Lighthouse benchmark.
 *
 * Hand-written on node:http rather than a static-server package: the redirects are the
 * site's own routing contract, and none of the maintained servers does them together with
 * compression in a few lines.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

export type Resolution =
  { kind: 'file'; file: string; status: 200 | 404 } | { kind: 'redirect'; location: string };

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

export interface HostingOptions {
  /**
   * false: behave like a plain static host (object storage, a CDN, `python -m http.server`
   * without its directory redirect): no redirect ever, `/x/index.html` is that file, `/x` is
   * `/x/index.html`, and anything else is the 404 page. The site must normalise such URLs itself
   * (SPEC §2), and the browser tests check that it does.
   */
  redirects: boolean;
}

/** Where a URL path leads in the built site: a file, a redirect, or the 404 page. */
export function resolvePath(
  root: string,
  urlPath: string,
  { redirects }: HostingOptions = { redirects: true },
): Resolution {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'file', file: path.join(root, '404.html'), status: 404 };
  }
  const file = path.normalize(path.join(root, pathname));
  if (!file.startsWith(root))
    return { kind: 'file', file: path.join(root, '404.html'), status: 404 };
  if (redirects && pathname.endsWith('/index.html') && pathname !== '/404/index.html') {
    return { kind: 'redirect', location: pathname.slice(0, -'index.html'.length) };
  }
  if (redirects && pathname.endsWith('.html') && pathname !== '/404.html') {
    return { kind: 'redirect', location: `${pathname.slice(0, -'.html'.length)}/` };
  }
  if (pathname.endsWith('/')) {
    const index = path.join(file, 'index.html');
    if (isFile(index)) return { kind: 'file', file: index, status: 200 };
  } else if (isFile(file)) {
    return { kind: 'file', file, status: 200 };
  } else if (isFile(path.join(file, 'index.html'))) {
    return redirects
      ? { kind: 'redirect', location: `${pathname}/` }
      : { kind: 'file', file: path.join(file, 'index.html'), status: 200 };
  }
  return { kind: 'file', file: path.join(root, '404.html'), status: 404 };
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  status: number,
): void {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const hashed = /\/(static|page-data\/sq)\//.test(file) || /-[0-9a-f]{16,}\.(js|css)$/.test(file);
  response.setHeader('Content-Type', type);
  response.setHeader(
    'Cache-Control',
    hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
  );
  response.setHeader('X-Content-Type-Options', 'nosniff');
  const gzip =
    COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) {
    response.setHeader('Content-Encoding', 'gzip');
    response.setHeader('Vary', 'Accept-Encoding');
  }
  response.writeHead(status);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const stream = createReadStream(file);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(response);
}

export function createStaticServer(root: string, hosting?: HostingOptions): Server {
  const absoluteRoot = path.resolve(root);
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const resolution = resolvePath(absoluteRoot, url.pathname, hosting);
    if (resolution.kind === 'redirect') {
      response.writeHead(301, { Location: resolution.location + url.search }).end();
      return;
    }
    send(request, response, resolution.file, resolution.status);
  });
}

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** Listens on loopback; port 0 picks a free port. */
export async function startStaticServer(
  root: string,
  port = 0,
  host = '127.0.0.1',
  hosting?: HostingOptions,
): Promise<RunningServer> {
  if (!isFile(path.join(root, 'index.html'))) {
    throw new Error(`${root}/index.html not found: run "npm run docs:build" first`);
  }
  const server = createStaticServer(root, hosting);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
