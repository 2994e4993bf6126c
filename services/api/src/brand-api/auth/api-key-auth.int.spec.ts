import { routes, scopes } from '@brand-api/contracts';
import { errorOf } from '../../testing/error-body';
import type { RouteDefinition } from '@brand-api/contracts';
import { adminAuth, createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const missingKey = { message: 'Missing API key', code: 'UNAUTHORIZED', statusCode: 401 };
const someId = '9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b';

/** A concrete URL for a route: every `{param}` becomes a valid uuid. */
const urlOf = (route: RouteDefinition) => `/api/v1${route.path.replace(/\{\w+\}/g, someId)}`;

function send(route: RouteDefinition, authorization?: string) {
  const request = t.http[route.method](urlOf(route));
  if (authorization !== undefined) request.set('authorization', authorization);
  // An event stream that gets past authorization stays open: an unknown id ends it with a 400.
  if (route.eventStream) request.set('last-event-id', 'msg_never_sent');
  return route.body ? request.send({}) : request;
}

describe('API key authentication, driven by the route table', () => {
  it('covers all 24 operations', () => {
    expect(routes).toHaveLength(24);
  });

  it.each(routes.map((route) => [route.operationId, route] as const))(
    '%s without a key answers 401 with the exact body',
    async (_id, route) => {
      const response = await send(route).expect(401);
      expect(errorOf(response)).toEqual(missingKey);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    },
  );

  it.each([
    '/api/v1',
    '/api/v1/',
    '/api/v1/unknown',
    '/api/v1/members/x/y/z',
    '/api/v1/brand-products/bulk/extra',
  ])('unknown path %s without a key answers the same 401', async (path) => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const response = await t.http[method](path).expect(401);
      expect(errorOf(response)).toEqual(missingKey);
    }
  });

  it.each(['', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bk_live_nobearer'])(
    'an Authorization header %j without a bearer key is a missing key',
    async (authorization) => {
      const response = await t.http
        .get('/api/v1/members')
        .set('authorization', authorization)
        .expect(401);
      expect(errorOf(response)).toEqual(missingKey);
    },
  );

  it.each([
    'Bearer not-a-key',
    `Bearer bk_live_${'A'.repeat(40)}`,
    `Bearer bk_live_${'a'.repeat(10)}`,
  ])('refuses an unknown key (%s) with 401 INVALID_API_KEY', async (authorization) => {
    const response = await t.http
      .get('/api/v1/members')
      .set('authorization', authorization)
      .expect(401);
    expect(errorOf(response)).toEqual({
      message: 'Invalid API key',
      code: 'INVALID_API_KEY',
      statusCode: 401,
    });
  });

  describe('scopes', () => {
    const cases = routes.map((route) => [route.operationId, route.scope, route] as const);

    it.each(cases)('%s refuses a key without %s with 403', async (_id, scope, route) => {
      const others = scopes.filter((candidate) => candidate !== scope);
      const { key } = await t.brandWithKey(others);
      const response = await send(route, `Bearer ${key}`).expect(403);
      expect(response.body).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
      expect((response.body as { message: string }).message).toContain(`'${scope}'`);
    });

    it.each(cases)('%s lets a key with only %s past authorization', async (_id, scope, route) => {
      const { key } = await t.brandWithKey([scope]);
      const response = await send(route, `Bearer ${key}`);
      const { code } = response.body as { code?: string };
      expect(['UNAUTHORIZED', 'INVALID_API_KEY', 'FORBIDDEN']).not.toContain(code);
    });

    it('keeps the two spellings of the member-groups write scope apart', async () => {
      const { key: hyphen } = await t.brandWithKey(['member-groups:write']);
      const { key: underscore } = await t.brandWithKey(['member_groups:write']);
      await t.http
        .patch(`/api/v1/member-groups/${someId}`)
        .set('authorization', `Bearer ${hyphen}`)
        .send({})
        .expect(403);
      await t.http
        .post('/api/v1/member-groups')
        .set('authorization', `Bearer ${underscore}`)
        .send({})
        .expect(403);
    });
  });

  describe('revocation', () => {
    it('refuses a key on the very next request after it is revoked', async () => {
      const { brandId, key, keyId } = await t.brandWithKey(['members:read']);
      const bearer = `Bearer ${key}`;
      // Twice, so the key is in the authenticator's cache when it is revoked.
      await t.http.get('/api/v1/members').set('authorization', bearer).expect(200);
      await t.http.get('/api/v1/members').set('authorization', bearer).expect(200);
      await t.http
        .delete(`/admin/v1/brands/${brandId}/api-keys/${keyId}`)
        .set('authorization', adminAuth)
        .expect(200);
      const response = await t.http.get('/api/v1/members').set('authorization', bearer).expect(401);
      expect(response.body).toMatchObject({ code: 'INVALID_API_KEY' });
    });

    it("leaves the brand's other keys working", async () => {
      const first = await t.brandWithKey(['members:read']);
      const second = await t.http
        .post(`/admin/v1/brands/${first.brandId}/api-keys`)
        .set('authorization', adminAuth)
        .send({ scopes: ['members:read'] })
        .expect(201);
      await t.http
        .delete(`/admin/v1/brands/${first.brandId}/api-keys/${first.keyId}`)
        .set('authorization', adminAuth)
        .expect(200);
      const secondKey = (second.body as { data: { key: string } }).data.key;
      await t.http.get('/api/v1/members').set('authorization', `Bearer ${secondKey}`).expect(200);
    });
  });
});
