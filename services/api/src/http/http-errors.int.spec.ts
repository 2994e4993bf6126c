import { exampleOf, CreateBrandProductBody, routes } from '@brand-api/contracts';
import { brandApiClient } from '../testing/brand-api-client';
import { errorOf } from '../testing/error-body';
import type { Feature } from '../brand-api';
import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

/**
 * A feature that shows what the machinery hands a handler: validated, converted, defaulted
 * input. `getBrandProduct` fails like a bug would, with a secret in its message.
 */
const echoFeature: Feature = {
  name: 'echo',
  handlers: () => ({
    listBrandProducts: (request) =>
      Promise.resolve({
        body: { hasMore: false, data: [], nextCursor: JSON.stringify(request.query) },
      }),
    createBrandProduct: (request) =>
      Promise.resolve({
        body: {
          data: {
            ...request.body,
            imageUrl: request.body.imageUrl ?? null,
            imageWidth: request.body.imageWidth ?? null,
            imageHeight: request.body.imageHeight ?? null,
            id: '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b',
            createdAt: '2025-03-01T00:00:00.000Z',
            updatedAt: '2025-03-01T00:00:00.000Z',
          },
        },
      }),
    getBrandProduct: () => Promise.reject(new Error('password=hunter2 at db.internal:5432')),
  }),
};

/** Only the routes the echo feature answers are mounted. */
const echoOperations = ['listBrandProducts', 'createBrandProduct', 'getBrandProduct'];
const echoRoutes = routes.filter((route) => echoOperations.includes(route.operationId));

// PGlite compiles its WebAssembly per test file (~10 s on this machine).
jest.setTimeout(60_000);

let t: TestApp;
let key: string;
const product = exampleOf(CreateBrandProductBody);
const requestIdPattern = /^[0-9a-f-]{36}$/;

beforeAll(async () => {
  t = await createTestApp({ deps: { routes: echoRoutes, features: [echoFeature] } });
  ({ key } = await t.brandWithKey(['brand_products:read', 'brand_products:write', 'members:read']));
});
afterAll(() => t.close());

const bearer = () => `Bearer ${key}`;
const api = brandApiClient(
  () => t,
  () => key,
);
/** A create whose body is sent as given, with this content type. */
const postAs = (contentType: string, body: string) =>
  t.http
    .post('/api/v1/brand-products')
    .set('authorization', bearer())
    .set('content-type', contentType)
    .send(body);

describe('error responses', () => {
  it('answers an unknown route with 404 ROUTE_NOT_FOUND once authenticated', async () => {
    const response = await api.get('/nope').expect(404);
    expect(errorOf(response)).toEqual({
      message: 'No such route',
      code: 'ROUTE_NOT_FOUND',
      statusCode: 404,
    });
  });

  it('answers paths outside the API with 404 ROUTE_NOT_FOUND', async () => {
    const response = await t.http.get('/favicon.ico').expect(404);
    expect(response.body).toMatchObject({ code: 'ROUTE_NOT_FOUND', statusCode: 404 });
  });

  it('answers a wrong method with 405 METHOD_NOT_ALLOWED and an Allow header', async () => {
    const response = await t.http
      .put('/api/v1/brand-products')
      .set('authorization', bearer())
      .expect(405);
    expect(response.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', statusCode: 405 });
    expect(response.headers.allow).toEqual(expect.stringContaining('GET'));
    expect(response.headers.allow).toEqual(expect.stringContaining('POST'));
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await postAs('application/json', '{"storeId": "a",').expect(400);
    expect(response.body).toMatchObject({ code: 'INVALID_JSON', statusCode: 400 });
  });

  it('refuses a JSON scalar where an object is expected', async () => {
    const response = await postAs('application/json', '"just a string"').expect(400);
    expect(response.body).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers a non-JSON body with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const [type, body] of [
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'title=x'],
    ] as const) {
      const response = await postAs(type, body).expect(415);
      expect(response.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', statusCode: 415 });
    }
  });

  it('answers a body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ ...product, description: 'x'.repeat(1024 * 1024) });
    const response = await postAs('application/json', big).expect(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', statusCode: 413 });
  });

  it('reads a body just under the limit (and then validates it)', async () => {
    const body = { ...product, description: 'x'.repeat(1000 * 1000) };
    const response = await api.post('/brand-products', body).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ location: 'body', field: '/description' }],
    });
  });

  it('answers a missing body with 400 naming it', async () => {
    const response = await t.http
      .post('/api/v1/brand-products')
      .set('authorization', bearer())
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ location: 'body', field: '/', message: 'is required' }],
    });
  });

  it('names every failing body field in details', async () => {
    const { title: _title, ...withoutTitle } = product;
    const response = await api
      .post('/brand-products', { ...withoutTitle, imageWidth: 'wide', colour: 'red' })
      .expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    const details = (response.body as { details: { field: string; location: string }[] }).details;
    expect(details.map((detail) => detail.field).sort()).toEqual([
      '/colour',
      '/imageWidth',
      '/title',
    ]);
    expect(details).toContainEqual({
      location: 'body',
      field: '/imageWidth',
      message: 'must be integer or null',
    });
    expect(details.every((detail) => detail.location === 'body')).toBe(true);
  });

  it('converts and defaults the query before the handler sees it', async () => {
    const defaulted = await api.get('/brand-products').expect(200);
    expect(JSON.parse((defaulted.body as { nextCursor: string }).nextCursor)).toEqual({
      limit: 10,
    });
    const converted = await api.get('/brand-products?limit=25').expect(200);
    expect(JSON.parse((converted.body as { nextCursor: string }).nextCursor)).toEqual({
      limit: 25,
    });
  });

  it.each(['0', '101', 'ten', '2.5', '0x10', ''])(
    'refuses limit=%s with 400 naming the query field',
    async (limit) => {
      const response = await api.get(`/brand-products?limit=${limit}`).expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ location: 'query', field: '/limit' }],
      });
    },
  );

  it('refuses a malformed path id with 400 naming the path field', async () => {
    const response = await api.get('/brand-products/not-a-uuid').expect(400);
    expect(response.body).toMatchObject({ details: [{ location: 'path', field: '/id' }] });
  });

  it('answers a thrown error with 500 INTERNAL without revealing it', async () => {
    const response = await api
      .get('/brand-products/9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b')
      .expect(500);
    expect(response.body).toEqual({
      message: 'Internal server error',
      code: 'INTERNAL',
      statusCode: 500,
      requestId: response.headers['x-request-id'],
    });
    expect(response.text).not.toContain('hunter2');
  });

  it('refuses to build an app with an operation no handler answers: a wiring bug', async () => {
    await expect(createTestApp({ deps: { routes: echoRoutes, features: [] } })).rejects.toThrow(
      "No handler for operation 'listBrandProducts'",
    );
  });
});

describe('request id', () => {
  const cases: [string, () => Promise<{ headers: Record<string, string>; status: number }>][] = [
    ['success', () => api.get('/brand-products')],
    ['401', () => t.http.get('/api/v1/brand-products')],
    ['403', () => api.get('/posts')],
    ['404', () => t.http.get('/nowhere')],
    ['405', () => t.http.put('/api/v1/brand-products').set('authorization', bearer())],
    ['413', () => postAs('application/json', `"${'x'.repeat(1024 * 1024 + 10)}"`)],
    ['415', () => postAs('text/plain', 'x')],
    ['500', () => api.get('/brand-products/9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b')],
    ['healthz', () => t.http.get('/healthz')],
    ['admin 401', () => t.http.get('/admin/v1/brands')],
    ['admin success', () => t.http.get('/admin/v1/brands').set('authorization', adminAuth)],
  ];

  it.each(cases)('is generated and echoed on a %s response', async (_name, send) => {
    const response = await send();
    expect(response.headers['x-request-id']).toMatch(requestIdPattern);
  });

  it('keeps a sane incoming id and replaces an unsafe one', async () => {
    const kept = await t.http.get('/healthz').set('x-request-id', 'client-42.retry:1');
    expect(kept.headers['x-request-id']).toBe('client-42.retry:1');
    const replaced = await t.http.get('/healthz').set('x-request-id', 'a b<script>');
    expect(replaced.headers['x-request-id']).toMatch(requestIdPattern);
    const tooLong = await t.http.get('/healthz').set('x-request-id', 'x'.repeat(200));
    expect(tooLong.headers['x-request-id']).toMatch(requestIdPattern);
  });
});

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    expect((await t.http.get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database, migrations and projections are ready', async () => {
    const response = await t.http.get('/readyz').expect(200);
    expect(response.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', projections: 'ok' },
      parkedEvents: {},
    });
  });
});
