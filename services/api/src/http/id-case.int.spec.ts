/**
 * One rule for ids on every route: a UUID is case-insensitive and an upper-case id addresses
 * the same resource as its lower-case form. Every route that takes an id in its path or query
 * (Brand API, operator API, community) is called here with real ids in upper case and must do
 * what it does with them in lower case: find the resource, change it, and record the id in the
 * form it was issued in.
 */
import { CreateBrandProductBody, exampleOf, routes as apiRoutes } from '@brand-api/contracts';
import type { ProjectionRunner } from '@brand-api/event-store';
import type { Response } from 'supertest';
import { adminOperations } from '@brand-api/contracts';
import { webhookAdminOperations } from '@brand-api/contracts';
import { memberCommunityOperations, publicCommunityOperations } from '@brand-api/contracts';
import { memberAdminOperations, roomAdminOperations } from '@brand-api/contracts';
import { everyCommunityScope, sessionCookie } from '../testing/community-kit';
import { operatorToolOperations } from '@brand-api/contracts';
import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { startWebhookProjector } from '../testing/webhook-projector';
import type { Operation } from './operation';
import { readWholeLog } from '@brand-api/event-store/testing';

jest.setTimeout(120_000);

const allOperations: readonly Operation[] = [
  ...apiRoutes,
  ...adminOperations,
  ...webhookAdminOperations,
  ...operatorToolOperations,
  ...roomAdminOperations,
  ...memberAdminOperations,
  ...publicCommunityOperations,
  ...memberCommunityOperations,
];
/** Whether a schema declares a uuid anywhere: a field, an array's items, a union's branch. */
const hasId = (schema: unknown): boolean => {
  const { format, properties, items, anyOf } = (schema ?? {}) as {
    format?: unknown;
    properties?: Record<string, unknown>;
    items?: unknown;
    anyOf?: unknown[];
  };
  return (
    format === 'uuid' ||
    Object.values(properties ?? {}).some(hasId) ||
    (items !== undefined && hasId(items)) ||
    (anyOf ?? []).some(hasId)
  );
};
const takesAnId = (operation: Operation) =>
  [operation.params, operation.query, operation.body].some(hasId);

let t: TestApp;
let webhooks: ProjectionRunner;
const ids: Record<string, string> = {};
let key: string;
let cookie: string;

const U = (name: string) => ids[name]!.toUpperCase();
const api = () => ({ authorization: `Bearer ${key}` });
const admin = { authorization: adminAuth };
const catalogue = (storeId: string) => ({ ...exampleOf(CreateBrandProductBody), storeId });

async function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<Response> {
  const request = t.http[method as 'get'](path).set(headers);
  return body === undefined ? request : request.send(body);
}
const dataOf = (response: Response) => (response.body as { data: Record<string, unknown> }).data;
/** The signed-in member's text post titled `title` in room `roomId` (spelled as given). */
const postIn = (roomId: string, title: string) =>
  call(
    'post',
    `/community/v1/rooms/${roomId}/posts`,
    { cookie },
    { type: 'TEXT', title, contentHtml: '<p>Hi</p>' },
  );
/** The id of what a POST of `body` to `path` created. */
const created = async (path: string, headers: Record<string, string>, body: object) =>
  String(dataOf(await call('post', path, headers, body)).id);

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://community.example.com' } });
  webhooks = await startWebhookProjector(t);
  const brand = await t.brandWithKey([
    ...everyCommunityScope,
    'brand_products:read',
    'brand_products:write',
  ]);
  ({ key } = brand);
  ids.brand = brand.brandId;
  ids.key = brand.keyId;
  ids.product = await created('/api/v1/brand-products', api(), catalogue('shirt'));
  ids.doomedProduct = await created('/api/v1/brand-products', api(), catalogue('doomed'));
  ids.variant = await created('/api/v1/brand-product-variants', api(), {
    storeId: 'shirt-s',
    productStoreId: 'shirt',
    title: 'Small',
    position: 1,
  });
  ids.group = await created('/api/v1/member-groups', api(), { name: 'VIP' });
  ids.doomedGroup = await created('/api/v1/member-groups', api(), { name: 'Gone' });
  const signedUp = await t.http
    .post(`/community/v1/brands/${ids.brand}/sign-up`)
    .send({ email: 'ada@example.com', firstName: 'Ada' })
    .expect(201);
  ids.member = String(dataOf(signedUp).id);
  cookie = sessionCookie(signedUp);
  await call('patch', `/api/v1/members/${ids.member}`, api(), { groupIds: [ids.group] });
  await call('patch', `/admin/v1/brands/${ids.brand}/members/${ids.member}`, admin, {
    role: 'MODERATOR',
  });
  ids.room = await created(`/admin/v1/brands/${ids.brand}/rooms`, admin, { name: 'Hall' });
  ids.post = String(dataOf(await postIn(ids.room, 'Hello')).id);
  ids.comment = await created(
    `/community/v1/posts/${ids.post}/comments`,
    { cookie },
    { contentHtml: '<p>First</p>' },
  );
  ids.endpoint = await created(`/admin/v1/brands/${ids.brand}/webhook-endpoints`, admin, {
    url: 'https://93.184.216.34/hook',
  });
});
afterAll(async () => {
  await webhooks.stop();
  await t.close();
});

/** Pins (POST) or unpins (DELETE) the post through its upper-case id. */
const pinning = async (method: 'post' | 'delete', isPinned: boolean) => {
  const response = await call(method, `/community/v1/posts/${U('post')}/pin`, { cookie });
  expect(dataOf(response)).toMatchObject({ id: ids.post, isPinned });
};

/** Each route with an id, called with upper-case ids; `then` checks what a user would see. */
const cases: Record<string, () => Promise<unknown>> = {
  getBrandProduct: async () => {
    const response = await call('get', `/api/v1/brand-products/${U('product')}`, api());
    expect(response.status).toBe(200);
    expect(dataOf(response).id).toBe(ids.product);
  },
  updateBrandProduct: async () => {
    const response = await call('patch', `/api/v1/brand-products/${U('product')}`, api(), {
      title: 'Shirt v2',
    });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toMatchObject({ id: ids.product, title: 'Shirt v2' });
  },
  deleteBrandProduct: async () => {
    expect(
      (await call('delete', `/api/v1/brand-products/${U('doomedProduct')}`, api())).status,
    ).toBe(200);
    expect((await call('get', `/api/v1/brand-products/${ids.doomedProduct}`, api())).status).toBe(
      404,
    );
  },
  listBrandProductVariants: async () => {
    const response = await call(
      'get',
      `/api/v1/brand-product-variants?productId=${U('product')}`,
      api(),
    );
    expect((response.body as { data: { id: string }[] }).data.map((v) => v.id)).toContain(
      ids.variant,
    );
  },
  getBrandProductVariant: async () => {
    const response = await call('get', `/api/v1/brand-product-variants/${U('variant')}`, api());
    expect(dataOf(response)).toMatchObject({ id: ids.variant, productId: ids.product });
  },
  updateBrandProductVariant: async () => {
    const response = await call('patch', `/api/v1/brand-product-variants/${U('variant')}`, api(), {
      title: 'S',
    });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toMatchObject({ id: ids.variant, title: 'S' });
  },
  deleteBrandProductVariant: async () => {
    expect(
      (await call('delete', `/api/v1/brand-product-variants/${U('variant')}`, api())).status,
    ).toBe(200);
    expect((await call('get', `/api/v1/brand-product-variants/${ids.variant}`, api())).status).toBe(
      404,
    );
  },
  listMembers: async () => {
    const response = await call('get', `/api/v1/members?group_id=${U('group')}`, api());
    expect((response.body as { data: { id: string }[] }).data.map((m) => m.id)).toEqual([
      ids.member,
    ]);
  },
  getMember: async () => {
    expect(dataOf(await call('get', `/api/v1/members/${U('member')}`, api())).id).toBe(ids.member);
  },
  updateMember: async () => {
    const response = await call('patch', `/api/v1/members/${U('member')}`, api(), {
      groupIds: [U('group')],
    });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toMatchObject({ id: ids.member, groupIds: [ids.group] });
  },
  getMemberGroup: async () => {
    expect(dataOf(await call('get', `/api/v1/member-groups/${U('group')}`, api())).id).toBe(
      ids.group,
    );
  },
  updateMemberGroup: async () => {
    const response = await call('patch', `/api/v1/member-groups/${U('group')}`, api(), {
      name: 'VIPs',
    });
    expect(dataOf(response)).toMatchObject({ id: ids.group, name: 'VIPs' });
  },
  deleteMemberGroup: async () => {
    expect((await call('delete', `/api/v1/member-groups/${U('doomedGroup')}`, api())).status).toBe(
      200,
    );
    expect((await call('get', `/api/v1/member-groups/${ids.doomedGroup}`, api())).status).toBe(404);
  },
  listPosts: async () => {
    const response = await call('get', `/api/v1/posts?roomId=${U('room')}`, api());
    expect((response.body as { data: { id: string }[] }).data.map((p) => p.id)).toContain(ids.post);
  },
  adminGetBrand: async () => {
    expect(dataOf(await call('get', `/admin/v1/brands/${U('brand')}`, admin)).id).toBe(ids.brand);
  },
  adminUpdateBrand: async () => {
    const response = await call('patch', `/admin/v1/brands/${U('brand')}`, admin, {
      name: 'Renamed',
    });
    expect(dataOf(response)).toMatchObject({ id: ids.brand, name: 'Renamed' });
  },
  adminIssueApiKey: async () => {
    const response = await call('post', `/admin/v1/brands/${U('brand')}/api-keys`, admin, {
      scopes: ['members:read'],
      name: 'upper',
    });
    expect(response.status).toBe(201);
    const issued = dataOf(response) as { id: string; key: string };
    ids.upperKey = issued.id;
    // The key belongs to the brand: it lists the brand's member.
    const members = await call('get', '/api/v1/members', { authorization: `Bearer ${issued.key}` });
    expect((members.body as { data: { id: string }[] }).data.map((m) => m.id)).toContain(
      ids.member,
    );
  },
  adminListApiKeys: async () => {
    const response = await call('get', `/admin/v1/brands/${U('brand')}/api-keys`, admin);
    expect((response.body as { data: { id: string }[] }).data.map((k) => k.id)).toContain(ids.key);
  },
  adminRevokeApiKey: async () => {
    const response = await call(
      'delete',
      `/admin/v1/brands/${U('brand')}/api-keys/${U('upperKey')}`,
      admin,
    );
    expect(response.status).toBe(200);
  },
  adminCreateWebhookEndpoint: async () => {
    const response = await call('post', `/admin/v1/brands/${U('brand')}/webhook-endpoints`, admin, {
      url: 'https://93.184.216.34/other',
    });
    expect(response.status).toBe(201);
    const listed = await call('get', `/admin/v1/brands/${ids.brand}/webhook-endpoints`, admin);
    expect((listed.body as { data: { id: string }[] }).data.map((e) => e.id)).toContain(
      dataOf(response).id,
    );
  },
  adminListWebhookEndpoints: async () => {
    const response = await call('get', `/admin/v1/brands/${U('brand')}/webhook-endpoints`, admin);
    expect((response.body as { data: { id: string }[] }).data.map((e) => e.id)).toContain(
      ids.endpoint,
    );
  },
  adminGetWebhookEndpoint: async () => {
    const response = await call(
      'get',
      `/admin/v1/brands/${U('brand')}/webhook-endpoints/${U('endpoint')}`,
      admin,
    );
    expect(dataOf(response).id).toBe(ids.endpoint);
  },
  adminUpdateWebhookEndpoint: async () => {
    const response = await call(
      'patch',
      `/admin/v1/brands/${U('brand')}/webhook-endpoints/${U('endpoint')}`,
      admin,
      {
        eventTypes: ['post.created'],
      },
    );
    expect(dataOf(response)).toMatchObject({ id: ids.endpoint, eventTypes: ['post.created'] });
  },
  adminRotateWebhookEndpointSecret: async () => {
    const path = `/admin/v1/brands/${U('brand')}/webhook-endpoints/${U('endpoint')}/rotate-secret`;
    expect(dataOf(await call('post', path, admin)).id).toBe(ids.endpoint);
  },
  adminListWebhookAttempts: async () => {
    const path = `/admin/v1/brands/${U('brand')}/webhook-endpoints/${U('endpoint')}/attempts`;
    expect((await call('get', path, admin)).status).toBe(200);
  },
  adminListWebhookMessages: async () => {
    const path = `/admin/v1/brands/${U('brand')}/webhook-endpoints/${U('endpoint')}/messages`;
    expect((await call('get', path, admin)).status).toBe(200);
  },
  adminReplayWebhookMessages: async () => {
    const path = `/admin/v1/brands/${U('brand')}/webhook-endpoints/${U('endpoint')}/replay`;
    const since = '2020-01-01T00:00:00.000Z';
    expect((await call('post', path, admin, { since })).status).toBe(202);
  },
  adminEntityHistory: async () => {
    const response = await call('get', `/admin/v1/audit/history/product/${U('product')}`, admin);
    expect((response.body as { data: unknown[] }).data.length).toBeGreaterThan(0);
  },
  adminEntityAt: async () => {
    const at = new Date(Date.now() + 60_000).toISOString();
    const response = await call(
      'get',
      `/admin/v1/audit/at/product/${U('product')}?at=${at}`,
      admin,
    );
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).toContain(ids.product);
  },
  adminExportEvents: async () => {
    const response = await call('get', `/admin/v1/events/export?brand=${U('brand')}`, admin);
    expect(response.status).toBe(200);
    expect(response.text).toContain(ids.product);
  },
  adminCreateRoom: async () => {
    const response = await call('post', `/admin/v1/brands/${U('brand')}/rooms`, admin, {
      name: 'Upper',
    });
    expect(response.status).toBe(201);
    // The room is the brand's: its member can post in it.
    const posted = await postIn(String(dataOf(response).id), 'In the new room');
    expect(posted.status).toBe(201);
  },
  adminSetMemberRole: async () => {
    const response = await call(
      'patch',
      `/admin/v1/brands/${U('brand')}/members/${U('member')}`,
      admin,
      {
        role: 'MODERATOR',
      },
    );
    expect(dataOf(response)).toMatchObject({ id: ids.member, role: 'MODERATOR' });
  },
  signUp: async () => {
    const response = await t.http
      .post(`/community/v1/brands/${U('brand')}/sign-up`)
      .send({ email: 'grace@example.com', firstName: 'Grace' });
    expect(response.status).toBe(201);
    const members = await call('get', '/api/v1/members?limit=100', api());
    expect((members.body as { data: { id: string }[] }).data.map((m) => m.id)).toContain(
      dataOf(response).id,
    );
  },
  createPost: async () => {
    const response = await postIn(U('room'), 'Upper room');
    expect(dataOf(response)).toMatchObject({ roomId: ids.room });
  },
  pinPost: () => pinning('post', true),
  unpinPost: () => pinning('delete', false),
  likePost: async () => {
    expect((await call('post', `/community/v1/posts/${U('post')}/likes`, { cookie })).status).toBe(
      200,
    );
  },
  createPostComment: async () => {
    const response = await call(
      'post',
      `/community/v1/posts/${U('post')}/comments`,
      { cookie },
      {
        contentHtml: '<p>Upper</p>',
      },
    );
    expect(response.status).toBe(201);
  },
  likePostComment: async () => {
    expect(
      (await call('post', `/community/v1/comments/${U('comment')}/likes`, { cookie })).status,
    ).toBe(200);
  },
};

describe('ids in upper case', () => {
  it('are tried on every route that takes an id', () => {
    const routesWithIds = allOperations.filter(takesAnId).map((operation) => operation.operationId);
    expect(Object.keys(cases).sort()).toEqual([...routesWithIds].sort());
  });

  it.each(Object.keys(cases))(
    '%s: an upper-case id addresses the resource',
    async (operationId) => {
      await cases[operationId]!();
    },
  );

  it('left every id in the log in lower case', async () => {
    const events = await readWholeLog(t.eventStore);
    const text = JSON.stringify(
      events.map((event) => [event.streamName, event.data, event.metadata]),
    );
    expect(text).not.toMatch(/[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/);
  });
});
