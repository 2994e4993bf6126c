import { routes as apiRoutes } from '@brand-api/contracts';
import { adminOperations } from '@brand-api/contracts';
import { webhookAdminOperations } from '@brand-api/contracts';
import { memberAdminOperations, roomAdminOperations } from '@brand-api/contracts';
import { operatorToolOperations } from '@brand-api/contracts';
import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// PGlite compiles its WebAssembly per test file (~10 s on this machine).
jest.setTimeout(60_000);

/**
 * Authentication is chosen by exact path prefix before routing. Routing used to be
 * case-insensitive, so `GET /ADMIN/v1/brands` skipped the operator token check and listed
 * every brand (the event export and audit calls were as open). Every guarded route is tried
 * here under other spellings of its prefix, with no credentials: each must answer 404 and
 * change nothing.
 */
const guarded = [
  ...apiRoutes.map((route) => ({ prefix: '/api/v1', ...route })),
  ...[
    ...adminOperations,
    ...webhookAdminOperations,
    ...operatorToolOperations,
    ...roomAdminOperations,
    ...memberAdminOperations,
  ].map((operation) => ({ prefix: '/admin/v1', ...operation })),
];

const respell = (prefix: string) => [
  prefix.toUpperCase(),
  prefix.replace(/^\/./, (start) => start.toUpperCase()),
  prefix.replace('/v1', '/V1'),
];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('routing matches paths case-sensitively', () => {
  const cases = guarded.flatMap(({ prefix, method, path, operationId }) =>
    respell(prefix).map((spelling) => ({
      name: `${operationId}: ${method.toUpperCase()} ${spelling}${path}`,
      method,
      url: `${spelling}${path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000')}`,
    })),
  );

  it('covers every guarded route', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s → 404', async (_, { method, url }) => {
    const before = await t.eventStore.countEvents();
    const response = await t.http[method as 'get'](url).send({});
    expect({ status: response.status, code: (response.body as { code?: string }).code }).toEqual({
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    });
    expect(await t.eventStore.countEvents()).toBe(before);
  });
});

describe('grouped routing keeps the router contract', () => {
  it('answers a known path with a wrong method 405 and Allow', async () => {
    const response = await t.http.put('/api/v1/brand-products').set('authorization', 'Bearer x');
    // Authentication comes first under the API prefix: a bad key is 401 whatever the route.
    expect(response.status).toBe(401);
    const admin = await t.http.put('/admin/v1/brands').set('authorization', adminAuth);
    expect(admin.status).toBe(405);
    expect(admin.headers.allow).toBe('POST, HEAD, GET');
  });

  it('matches a trailing slash and decodes path parameters as before', async () => {
    const listed = await t.http.get('/admin/v1/brands/').set('authorization', adminAuth);
    expect(listed.status).toBe(200);
    const missing = await t.http
      .get('/admin/v1/brands/%633d5b6a2-1f4e-4b8a-9c7d-2e1f0a9b8c7d')
      .set('authorization', adminAuth);
    expect((missing.body as { code: string }).code).toBe('NOT_FOUND');
  });

  it('is case-sensitive past the prefix too, and ignores a trailing slash (as the docs say)', async () => {
    const { key } = await t.brandWithKey(['brand_products:read']);
    const wrongCase = await t.http
      .get('/api/v1/Brand-Products')
      .set('authorization', `Bearer ${key}`);
    expect(wrongCase.status).toBe(404);
    expect((wrongCase.body as { code: string }).code).toBe('ROUTE_NOT_FOUND');
    await t.http.get('/api/v1/brand-products/').set('authorization', `Bearer ${key}`).expect(200);
  });

  it('answers paths in no group 404 after authentication, and unknown methods 405', async () => {
    const admin = await t.http.get('/admin/v1/nowhere/at/all').set('authorization', adminAuth);
    expect((admin.body as { code: string }).code).toBe('ROUTE_NOT_FOUND');
    const short = await t.http.get('/admin/v1').set('authorization', adminAuth);
    expect((short.body as { code: string }).code).toBe('ROUTE_NOT_FOUND');
    const odd = await t.http.search('/admin/v1/brands').set('authorization', adminAuth);
    expect(odd.status).toBe(405);
  });
});
