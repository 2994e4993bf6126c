import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkLinks, urlPathOf } from './link-checker';

let root: string;

function page(urlPath: string, body: string) {
  const dir = path.join(root, urlPath);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><body>${body}</body></html>`);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'links-'));
  writeFileSync(path.join(root, 'openapi.json'), '{}');
  page('/docs/intro/', '<h2 id="base-url">Base URL</h2><a href="#base-url">here</a>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('checkLinks', () => {
  it('accepts pages, fragments, files and other sites', () => {
    page(
      '/',
      '<a href="/docs/intro/">a</a><a href="/docs/intro/#base-url">b</a><a href="/openapi.json">c</a>' +
        '<a href="https://example.com/x">d</a><a href="mailto:a@example.com">e</a><a href="docs/intro/">f</a>',
    );
    expect(checkLinks(root)).toEqual([]);
  });

  it('reports a broken link, a missing fragment and a missing trailing slash', () => {
    page(
      '/',
      '<a href="/docs/nope/">a</a><a href="/docs/intro/#nope">b</a><a href="/docs/intro">c</a><a href="/x.json">d</a>',
    );
    expect(checkLinks(root).map(({ href, problem }) => `${href}: ${problem}`)).toEqual([
      '/docs/nope/: no page at /docs/nope/',
      '/docs/intro/#nope: no element with id "nope" on /docs/intro/',
      '/docs/intro: internal link without its trailing slash',
      '/x.json: no such file /x.json',
    ]);
  });

  it('reports a missing fragment on the same page', () => {
    page('/', '<a href="#gone">x</a>');
    expect(checkLinks(root)).toEqual([
      { page: '/', href: '#gone', problem: 'no element with id "gone" on this page' },
    ]);
  });

  it('maps files to URL paths', () => {
    expect(urlPathOf(root, path.join(root, 'docs/intro/index.html'))).toBe('/docs/intro/');
    expect(urlPathOf(root, path.join(root, '404.html'))).toBe('/404.html');
  });
});
