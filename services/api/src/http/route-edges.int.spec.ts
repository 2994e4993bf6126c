/**
 * Accepted ⇒ projectable. Every route of the Brand API gets requests generated from its own
 * contract (fast-check arbitraries favouring the edges of each schema: bounds and one past
 * them, int4 and int8 limits, NUL and lone surrogates, instants Postgres cannot hold, wrong
 * types, missing and unknown fields) through the real app. Each answer is a 4xx in the error
 * format, or a success whose write reads back equal; never a 5xx. At the end the projections
 * are still running and another write is visible at once.
 */
import { errorCatalogue, routes, scopes } from '@brand-api/contracts';
import type { RouteDefinition } from '@brand-api/contracts';
import { edgeArbitrary } from '@brand-api/contracts/testing';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { brand, createMagicLink } from '../testing/community-kit';
import { createApiFeatures } from '../brand-api';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(600_000);

/** Generated requests per route (PROPERTY_RUNS overrides; CI keeps the default). */
const runs = Number(process.env.PROPERTY_RUNS ?? 40);

let t: TestApp;
let key: string;
let sent = 0;
const statuses = new Map<number, number>();

/** Resources the generated requests aim at, so updates and deletes reach their success path. */
interface Fixtures {
  productId: string;
  productStoreId: string;
  variantId: string;
  groupId: string;
  memberId: string;
}
let fixtures: Fixtures;
let fixtureCount = 0;

const auth = () => `Bearer ${key}`;

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  sent += 1;
  let request = t.http[method as 'get' | 'post' | 'patch' | 'delete'](path).set(
    'authorization',
    auth(),
  );
  if (body !== undefined)
    request = request.set('content-type', 'application/json').send(JSON.stringify(body));
  // An event stream stays open once it starts: an unknown Last-Event-ID ends it with a 400 after
  // its query has been checked, so the edges of the query are still driven.
  if (path.startsWith('/api/v1/events/stream')) request = request.set('last-event-id', 'msg_none');
  const response = await request;
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  return response;
}

async function createFixtures(): Promise<Fixtures> {
  fixtureCount += 1;
  const productStoreId = `edge-parent-${fixtureCount}`;
  const product = await send('post', '/api/v1/brand-products', {
    storeId: productStoreId,
    title: 'Parent',
    description: 'Edge parent',
    imageUrl: null,
    imageWidth: null,
    imageHeight: null,
    onlineStoreUrl: 'https://shop.example.com/p',
  });
  const variant = await send('post', '/api/v1/brand-product-variants', {
    storeId: `edge-variant-${fixtureCount}`,
    productStoreId,
    title: 'Variant',
    position: 1,
  });
  const group = await send('post', '/api/v1/member-groups', { name: `Group ${fixtureCount}` });
  const link = await createMagicLink(t, key, {
    customAuthSub: `edge|${fixtureCount}`,
    email: `edge${fixtureCount}@example.com`,
    firstName: 'Edge',
  });
  for (const response of [product, variant, group]) expect(response.status).toBe(201);
  const id = (response: Response) => (response.body as { data: { id: string } }).data.id;
  return {
    productId: id(product),
    productStoreId,
    variantId: id(variant),
    groupId: id(group),
    memberId: link.userId,
  };
}

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      features: createApiFeatures({ bulkRateLimit: { requests: 1_000_000, windowSeconds: 60 } }),
    },
  });
  ({ key } = await brand(t, { customAuth: true, scopes }));
  fixtures = await createFixtures();
});

afterAll(async () => {
  process.stdout.write(
    `route-edges: ${sent} requests sent; answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}\n`,
  );
  await t?.close();
});

/** The id a by-id request names: mostly a live fixture of its kind, sometimes any uuid edge. */
function idOf(route: RouteDefinition): string {
  if (route.path.startsWith('/brand-products/')) return fixtures.productId;
  if (route.path.startsWith('/brand-product-variants/')) return fixtures.variantId;
  if (route.path.startsWith('/member-groups/')) return fixtures.groupId;
  return fixtures.memberId;
}

interface GeneratedRequest {
  id: string | undefined;
  query: Record<string, unknown> | undefined;
  body: unknown;
}

function requestsOf(route: RouteDefinition): fc.Arbitrary<GeneratedRequest> {
  const id = route.params
    ? fc.oneof(
        { arbitrary: fc.constant<string | undefined>(undefined), weight: 5 },
        { arbitrary: edgeArbitrary(route.params.properties.id!).map(String), weight: 1 },
      )
    : fc.constant(undefined);
  const query = route.query
    ? edgeArbitrary(route.query).map((value) => (isObject(value) ? value : { value }))
    : fc.constant(undefined);
  const body = route.body ? edgeArbitrary(route.body).chain(steer) : fc.constant(undefined);
  return fc.record({ id, query, body });
}

/** Variants must name an existing product to get past the domain; most do. */
function steer(body: unknown): fc.Arbitrary<unknown> {
  return fc.boolean().map((keep) => {
    if (keep || !isObject(body)) return body;
    const point = (record: unknown) =>
      isObject(record) && 'productStoreId' in record
        ? { ...record, productStoreId: fixtures.productStoreId }
        : record;
    const records = body.upsertRecords;
    return Array.isArray(records) ? { ...body, upsertRecords: records.map(point) } : point(body);
  });
}

/**
 * A query value as a client would send it. Lone surrogates have no UTF-8 form, so they go out
 * as the bytes a careless encoder writes for them (CESU-8), which the server must refuse too.
 */
function encodeQueryValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pathOf(route: RouteDefinition, request: GeneratedRequest): string {
  const path = route.path.replace('{id}', encodeQueryValue(request.id ?? idOf(route)));
  const query = Object.entries(request.query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeQueryValue(value)}`)
    .join('&');
  return `/api/v1${path}${query ? `?${query}` : ''}`;
}

function expectErrorFormat(response: Response): void {
  const body = response.body as { message?: unknown; code?: unknown; statusCode?: unknown };
  expect(typeof body.message).toBe('string');
  expect(Object.keys(errorCatalogue)).toContain(body.code);
  expect(body.statusCode).toBe(response.status);
}

/** Names lose leading and trailing whitespace (the contracts' DisplayName); a blank last name is none. */
function asStored(field: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (field === 'name' || field === 'firstName') return value.trim();
  if (field === 'lastName') return value.trim() === '' ? null : value.trim();
  return value;
}

/** Every field a write sent reads back as sent (as stored, for names). */
function expectSent(sentFields: Record<string, unknown>, read: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(sentFields)) {
    if (field === 'groupIds' && Array.isArray(value)) {
      expect([...(read[field] as string[])].sort()).toEqual([...new Set(value as string[])].sort());
    } else if (field === 'brandMemberBadge' && isObject(value)) {
      expect(read[field]).toMatchObject({ ...value, name: asStored('name', value.name) });
    } else {
      expect({ field, value: read[field] }).toEqual({ field, value: asStored(field, value) });
    }
  }
}

async function readOne(path: string): Promise<Record<string, unknown>> {
  const response = await send('get', path);
  expect(response.status).toBe(200);
  return (response.body as { data: Record<string, unknown> }).data;
}

/** All rows of a list updated after `since`: what one bulk call wrote. */
async function readUpdatedSince(list: string, since: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const page: Response = await send(
      'get',
      `/api/v1/${list}?limit=100&updatedAfter=${encodeURIComponent(since)}${
        cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      }`,
    );
    expect(page.status).toBe(200);
    const body = page.body as { data: Record<string, unknown>[]; nextCursor: string | null };
    rows.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return rows;
}

async function expectReadBack(
  route: RouteDefinition,
  request: GeneratedRequest,
  response: Response,
  since: string,
): Promise<void> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const data = (response.body as { data?: Record<string, unknown> }).data;
  switch (route.operationId) {
    case 'createBrandProduct':
    case 'updateBrandProduct':
      expectSent(body, await readOne(`/api/v1/brand-products/${data!.id as string}`));
      return;
    case 'createBrandProductVariant':
    case 'updateBrandProductVariant':
      expectSent(body, await readOne(`/api/v1/brand-product-variants/${data!.id as string}`));
      return;
    case 'createMemberGroup':
    case 'updateMemberGroup':
      expectSent(body, await readOne(`/api/v1/member-groups/${data!.id as string}`));
      return;
    case 'updateMember':
      expectSent(body, await readOne(`/api/v1/members/${data!.id as string}`));
      return;
    case 'createMagicLink': {
      const { email, phoneNumber, firstName, lastName } = body;
      const { userId } = response.body as { userId: string };
      const member = await readOne(`/api/v1/members/${userId}`);
      expectSent(
        { email, phoneNumber, firstName, lastName },
        {
          ...member,
          // A sign-in keeps the names a member already has; only a new member takes them.
          firstName: firstName === undefined ? undefined : member.firstName,
          lastName: lastName === undefined ? undefined : member.lastName,
          ...(email === undefined ? { email: undefined } : {}),
          ...(phoneNumber === undefined ? { phoneNumber: undefined } : {}),
        },
      );
      return;
    }
    case 'bulkBrandProducts':
    case 'bulkBrandProductVariants': {
      const list =
        route.operationId === 'bulkBrandProducts' ? 'brand-products' : 'brand-product-variants';
      const written = await readUpdatedSince(list, since);
      for (const record of (body.upsertRecords ?? []) as Record<string, unknown>[]) {
        const row = written.find((candidate) => candidate.storeId === record.storeId);
        expect({ storeId: record.storeId, found: row !== undefined }).toEqual({
          storeId: record.storeId,
          found: true,
        });
        expectSent(record, row!);
      }
      return;
    }
    case 'deleteBrandProduct':
    case 'deleteBrandProductVariant':
    case 'deleteMemberGroup': {
      const path = pathOf(route, request);
      expect((await send('get', path)).status).toBe(404);
      fixtures = await createFixtures();
      return;
    }
    default:
      return;
  }
}

describe.each(
  routes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const),
)('%s at the edges of its contract', (_name, route) => {
  it(`answers 4xx in the error format or writes what reads back equal (${runs} requests)`, async () => {
    await fc.assert(
      fc.asyncProperty(requestsOf(route), async (request) => {
        const since = new Date(Date.now() - 1).toISOString();
        const response = await send(route.method, pathOf(route, request), request.body);
        if (response.status >= 500) {
          throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
        }
        if (response.status >= 400) {
          expectErrorFormat(response);
          return;
        }
        if (route.method !== 'get') await expectReadBack(route, request, response, since);
      }),
      { numRuns: runs },
    );
  });
});

describe('after every route was driven to its edges', () => {
  it('the projections still run, nothing is parked, and a new write is visible at once', async () => {
    const checkpoints = await t.runner.checkpoints();
    expect(checkpoints.filter((checkpoint) => checkpoint.status === 'failed')).toEqual([]);
    const other = await brand(t, { customAuth: false, scopes });
    const created = await t.http
      .post('/api/v1/brand-products')
      .set('authorization', `Bearer ${other.key}`)
      .send({
        storeId: 'after-edges',
        title: 'After',
        description: '',
        imageUrl: null,
        imageWidth: null,
        imageHeight: null,
        onlineStoreUrl: 'https://shop.example.com/after',
      })
      .expect(201);
    const id = (created.body as { data: { id: string } }).data.id;
    await t.http
      .get(`/api/v1/brand-products/${id}`)
      .set('authorization', `Bearer ${other.key}`)
      .expect(200);
  });
});
