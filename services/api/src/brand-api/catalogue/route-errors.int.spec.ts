import { routes, scopes } from '@brand-api/contracts';
import type { RouteDefinition } from '@brand-api/contracts';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';

jest.setTimeout(60_000);

/** The catalogue's routes, straight from the route table, so a new one cannot be forgotten. */
const catalogueRoutes = routes.filter((route) => route.tag.startsWith('Brand product'));
const unknownId = '00000000-0000-4000-8000-000000000000';
const pathOf = (route: RouteDefinition, id = unknownId) =>
  `/api/v1${route.path.replace('{id}', id)}`;

let t: TestApp;
let allButNeeded: Map<string, string>;
let full: string;

beforeAll(async () => {
  t = await createTestApp();
  full = (await t.brandWithKey(['brand_products:read', 'brand_products:write'])).key;
  // One key per scope the catalogue needs, holding every scope except that one.
  allButNeeded = new Map();
  for (const scope of new Set(catalogueRoutes.map((route) => route.scope))) {
    const { key } = await t.brandWithKey(scopes.filter((other) => other !== scope));
    allButNeeded.set(scope, key);
  }
});
afterAll(() => t.close());

const call = (route: RouteDefinition, key: string | undefined, path = pathOf(route)) => {
  const request = t.http[route.method](path);
  if (key !== undefined) request.set('authorization', `Bearer ${key}`);
  return request;
};

describe.each(
  catalogueRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const),
)('%s', (_, route) => {
  it('answers 401 without a key and 403 to a key lacking its scope', async () => {
    await call(route, undefined).expect(401);
    const response = await call(route, allButNeeded.get(route.scope)).send({}).expect(403);
    expect(response.body).toMatchObject({ code: 'FORBIDDEN' });
    expect(route.errors).toEqual(expect.arrayContaining(['UNAUTHORIZED', 'FORBIDDEN']));
  });

  if (route.params) {
    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const body = route.method === 'patch' ? { title: 'x' } : undefined;
      await call(route, full).send(body).expect(404);
      await call(route, full, pathOf(route, 'not-a-uuid')).send(body).expect(400);
      expect(route.errors).toEqual(expect.arrayContaining(['NOT_FOUND', 'VALIDATION_FAILED']));
    });
  }

  if (route.body) {
    it('answers 400 INVALID_JSON, 415 for a non-JSON body and 413 for a body over 1 MB', async () => {
      const path = route.params ? pathOf(route, unknownId) : pathOf(route);
      await call(route, full, path)
        .set('content-type', 'application/json')
        .send('{"title":')
        .expect(400)
        .expect((r) => expect(r.body).toMatchObject({ code: 'INVALID_JSON' }));
      await call(route, full, path)
        .set('content-type', 'text/plain')
        .send('title')
        .expect(415)
        .expect((r) => expect(r.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' }));
      await call(route, full, path)
        .send({ title: 'x'.repeat(1024 * 1024 + 1) })
        .expect(413)
        .expect((r) => expect(r.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' }));
      expect(route.errors).toEqual(
        expect.arrayContaining(['INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']),
      );
    });
  }
});

it('covers the twelve catalogue operations', () => {
  expect(catalogueRoutes).toHaveLength(12);
});
