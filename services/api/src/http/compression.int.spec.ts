import { createServer, get } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { exampleOf, routeTable } from '@brand-api/contracts';
import { useTestApp } from '../testing/test-app';

jest.setTimeout(120_000);

const t = useTestApp();
let key: string;
let productId: string;
let server: Server;

beforeAll(async () => {
  ({ key } = await t().brandWithKey(['brand_products:read', 'brand_products:write']));
  for (let i = 0; i < 12; i += 1) {
    const created = await t()
      .http.post('/api/v1/brand-products')
      .set('authorization', `Bearer ${key}`)
      .send({
        ...exampleOf(routeTable.createBrandProduct.body),
        storeId: `zip-${i}`,
        description: `Product ${i}: ${'a long description that repeats. '.repeat(40)}`,
      })
      .expect(201);
    productId = (created.body as { data: { id: string } }).data.id;
  }
  // One change, so the product is at version 1: its tags are "1", "1-gzip" and "1-br".
  await t()
    .http.patch(`/api/v1/brand-products/${productId}`)
    .set('authorization', `Bearer ${key}`)
    .send({ title: 'Renamed' })
    .expect(200);
  const handle = t().app.callback();
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET through node:http, which decodes nothing: the bytes as they were on the wire. */
const raw = (path: string, headers: Record<string, string>): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    get(
      { host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${key}`, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    ).on('error', reject);
  });

const ok = async (answer: Promise<RawAnswer>): Promise<RawAnswer> => {
  const settled = await answer;
  expect(settled.status).toBe(200);
  return settled;
};

const decoded = (response: RawAnswer): unknown => {
  const bytes = response.body;
  const encoding = response.headers['content-encoding'];
  const text =
    encoding === 'br'
      ? brotliDecompressSync(bytes)
      : encoding === 'gzip'
        ? gunzipSync(bytes)
        : bytes;
  return JSON.parse(text.toString('utf8'));
};

const list = '/api/v1/brand-products?limit=100';

describe('compression of answers over 1 KB', () => {
  it('sends a list uncompressed to a client that does not ask, with Vary: Accept-Encoding', async () => {
    const plain = await ok(raw(list, { 'accept-encoding': '' }));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect((decoded(plain) as { data: unknown[] }).data).toHaveLength(12);
  });

  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'gzip'],
    ['br, gzip', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.1, br;q=0.9', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
  ])('Accept-Encoding: %s → %s, the same JSON once decoded', async (accept, encoding) => {
    const plain = decoded(await ok(raw(list, { 'accept-encoding': '' })));
    const answer = await ok(raw(list, { 'accept-encoding': accept }));
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    if (encoding) {
      expect(answer.body.length).toBeLessThan(Buffer.byteLength(JSON.stringify(plain)) / 2);
    }
    expect(decoded(answer)).toEqual(plain);
  });

  it('leaves answers of 1 KB or less as they are', async () => {
    const small = await ok(
      raw('/api/v1/brand-products?updatedAfter=2999-01-01T00:00:00Z', {
        'accept-encoding': 'gzip, br',
      }),
    );
    expect(small.body.length).toBeLessThanOrEqual(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/Accept-Encoding/i);
  });
});

describe('entity tags of encoded answers', () => {
  const resource = () => `/api/v1/brand-products/${productId}`;
  const big = (accept: string) => ok(raw(resource(), { 'accept-encoding': accept }));

  it('gives each encoding its own tag: "1", "1-gzip", "1-br"', async () => {
    const identity = await big('');
    expect(identity.body.length).toBeGreaterThan(1024);
    expect(identity.headers.etag).toBe('"1"');
    expect((await big('gzip')).headers.etag).toBe('"1-gzip"');
    expect((await big('br')).headers.etag).toBe('"1-br"');
  });

  it.each([
    ['"1"', '', 304],
    ['"1-br"', 'br', 304],
    ['"1-gzip"', 'gzip', 304],
    ['"1"', 'br', 200],
    ['"1-br"', 'gzip', 200],
    ['"1-br"', '', 200],
    ['W/"1-br"', 'br', 304],
    ['"2", "1-gzip"', 'gzip', 304],
  ])(
    'If-None-Match: %s with Accept-Encoding "%s" answers %s',
    async (ifNoneMatch, accept, status) => {
      const answer = await raw(resource(), {
        'if-none-match': ifNoneMatch,
        'accept-encoding': accept,
      });
      expect(answer.status).toBe(status);
      if (status === 304) {
        expect(answer.body.length).toBe(0);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.headers.etag).toBe(accept === '' ? '"1"' : `"1-${accept}"`);
      } else {
        expect(decoded(answer)).toMatchObject({ data: { id: productId } });
      }
    },
  );
});
