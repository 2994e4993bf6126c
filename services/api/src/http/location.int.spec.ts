import {
  API_BASE_PATH,
  exampleOf,
  memberCommunityOperations,
  OPERATOR_BASE_PATH,
  operatorApi,
  publicCommunityOperations,
  routes,
  routeTable,
} from '@brand-api/contracts';
import type { OperationContract } from '@brand-api/contracts';
import type { Response } from 'supertest';
import { bearer, brand, createRoom, everyCommunityScope, signUp } from '../testing/community-kit';
import { operatorApiAgent } from '../testing/operator-api-agent';
import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(120_000);

/** Every operation of the three APIs that answers 201, from their route tables. */
const creates: [prefix: string, operation: OperationContract][] = [
  ...routes.map((route) => [API_BASE_PATH, route] as [string, OperationContract]),
  ...Object.values(operatorApi).map(
    (op) => [OPERATOR_BASE_PATH, op] as [string, OperationContract],
  ),
  ...[...publicCommunityOperations, ...memberCommunityOperations].map(
    (op) => ['/community/v1', op] as [string, OperationContract],
  ),
].filter(([, operation]) => operation.successStatus === 201);

let t: TestApp;
let brandId: string;
let key: string;
let roomId: string;
let cookie: string;
let postId: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { webhookTargetPolicy: () => ({ allowPrivateTargets: true }) },
  });
  ({ brandId, key } = await brand(t, {
    customAuth: false,
    scopes: [...everyCommunityScope, 'brand_products:read', 'brand_products:write'],
  }));
  roomId = await createRoom(t, brandId);
  ({ cookie } = await signUp(t, brandId, { email: 'first@example.com', firstName: 'First' }));
  const post = await t.http
    .post(`/community/v1/rooms/${roomId}/posts`)
    .set('cookie', cookie)
    .send({ type: 'TEXT', title: 'Hello', contentHtml: '<p>Hi</p>' })
    .expect(201);
  postId = (post.body as { data: { id: string } }).data.id;
});
afterAll(() => t.close());

const admin = (path: string) => t.http.get(path).set('authorization', adminAuth);
const operator = operatorApiAgent(() => t);
const withKey = (path: string) => t.http.get(path).set('authorization', bearer(key));

/**
 * How to create one of each, and how to read what Location names where this app can GET it
 * (API keys, rooms, posts and comments have no GET route: their Location is checked by form).
 */
const fixtures: Record<
  string,
  { create: () => Promise<Response>; read?: (location: string) => Promise<Response> }
> = {
  createBrandProduct: {
    create: () =>
      t.http
        .post('/api/v1/brand-products')
        .set('authorization', bearer(key))
        .send({ ...exampleOf(routeTable.createBrandProduct.body), storeId: 'loc-product' }),
    read: withKey,
  },
  createBrandProductVariant: {
    create: async () => {
      await t.http
        .post('/api/v1/brand-products')
        .set('authorization', bearer(key))
        .send({ ...exampleOf(routeTable.createBrandProduct.body), storeId: 'loc-parent' })
        .expect(201);
      return t.http
        .post('/api/v1/brand-product-variants')
        .set('authorization', bearer(key))
        .send({
          ...exampleOf(routeTable.createBrandProductVariant.body),
          storeId: 'loc-variant',
          productStoreId: 'loc-parent',
        });
    },
    read: withKey,
  },
  createMemberGroup: {
    create: () =>
      t.http.post('/api/v1/member-groups').set('authorization', bearer(key)).send({ name: 'VIP' }),
    read: withKey,
  },
  adminCreateBrand: {
    create: () => operator.post('/brands', { name: 'Another' }),
    read: admin,
  },
  adminIssueApiKey: {
    create: () => operator.post(`/brands/${brandId}/api-keys`, { scopes: ['posts:read'] }),
  },
  adminCreateRoom: {
    create: () => operator.post(`/brands/${brandId}/rooms`, { name: 'Second room' }),
  },
  adminCreateWebhookEndpoint: {
    create: () =>
      operator.post(`/brands/${brandId}/webhook-endpoints`, { url: 'http://127.0.0.1:9/hook' }),
    // Its GET reads the webhook projector's table, which this app does not run.
  },
  signUp: {
    create: () =>
      t.http
        .post(`/community/v1/brands/${brandId}/sign-up`)
        .send({ email: 'second@example.com', firstName: 'Second' }),
    read: withKey,
  },
  createPost: {
    create: () =>
      t.http
        .post(`/community/v1/rooms/${roomId}/posts`)
        .set('cookie', cookie)
        .send({ type: 'TEXT', title: 'Another', contentHtml: '<p>Again</p>' }),
  },
  createPostComment: {
    create: () =>
      t.http
        .post(`/community/v1/posts/${postId}/comments`)
        .set('cookie', cookie)
        .send({ contentHtml: '<p>Nice</p>' }),
  },
};

describe('Location on every 201', () => {
  it('knows how to create the resource of every 201 of the three route tables', () => {
    expect(creates.map(([, op]) => op.operationId).sort()).toEqual(Object.keys(fixtures).sort());
  });

  it.each(creates.map(([prefix, op]) => [op.operationId, prefix, op] as const))(
    '%s answers Location: the URL of what it created',
    async (operationId, _prefix, operation) => {
      const fixture = fixtures[operationId]!;
      const response = await fixture.create();
      expect(response.status).toBe(201);
      const { id } = (response.body as { data: { id: string } }).data;
      const location = response.headers.location;
      const expected = operation
        .location!.replace('{brandId}', brandId)
        .replace('{roomId}', roomId)
        .replace('{postId}', postId)
        .replace('{id}', id);
      expect(location).toBe(expected);
      if (fixture.read) {
        const read = await fixture.read(location!);
        expect(read.status).toBe(200);
        expect((read.body as { data: { id: string } }).data.id).toBe(id);
      }
    },
  );

  it('is absent from answers that created nothing', async () => {
    const list = await withKey('/api/v1/member-groups').expect(200);
    expect(list.headers.location).toBeUndefined();
    const refused = await t.http
      .post('/api/v1/member-groups')
      .set('authorization', bearer(key))
      .send({})
      .expect(400);
    expect(refused.headers.location).toBeUndefined();
  });
});
