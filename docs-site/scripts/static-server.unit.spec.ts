import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolvePath, startStaticServer, type RunningServer } from './static-server';

let root: string;
let server: RunningServer;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'site-'));
  mkdirSync(path.join(root, 'docs/intro'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<h1>Home</h1>');
  writeFileSync(path.join(root, '404.html'), '<h1>Page Not Found</h1>');
  writeFileSync(path.join(root, 'docs/intro/index.html'), '<h1>Introduction</h1>');
  server = await startStaticServer(root);
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('resolvePath', () => {
  it.each([
    ['/docs/intro', '/docs/intro/'],
    ['/docs/intro/index.html', '/docs/intro/'],
    ['/docs/intro.html', '/docs/intro/'],
  ])('redirects %s to %s', (from, to) => {
    expect(resolvePath(root, from)).toEqual({ kind: 'redirect', location: to });
  });

  it('as a plain static host, never redirects', () => {
    const plain = { redirects: false };
    expect(resolvePath(root, '/docs/intro/index.html', plain)).toEqual({
      kind: 'file',
      file: path.join(root, 'docs/intro/index.html'),
      status: 200,
    });
    expect(resolvePath(root, '/docs/intro', plain)).toEqual({
      kind: 'file',
      file: path.join(root, 'docs/intro/index.html'),
      status: 200,
    });
    expect(resolvePath(root, '/docs/intro.html', plain)).toEqual({
      kind: 'file',
      file: path.join(root, '404.html'),
      status: 404,
    });
  });

  it('serves pages and answers 404 with the not-found page', () => {
    expect(resolvePath(root, '/docs/intro/')).toEqual({
      kind: 'file',
      file: path.join(root, 'docs/intro/index.html'),
      status: 200,
    });
    expect(resolvePath(root, '/nope/')).toEqual({
      kind: 'file',
      file: path.join(root, '404.html'),
      status: 404,
    });
    expect(resolvePath(root, '/../../etc/passwd')).toMatchObject({ status: 404 });
  });
});

describe('the server', () => {
  it('gzips HTML and redirects with 301', async () => {
    const page = await fetch(`${server.url}/docs/intro/`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).toContain('Introduction');
    const redirect = await fetch(`${server.url}/docs/intro?x=1`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/docs/intro/?x=1');
    const missing = await fetch(`${server.url}/missing/`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page Not Found');
  });
});
