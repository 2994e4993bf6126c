/**
 * Inputs past what the server can represent answer 400 in the error format on every route,
 * never a 500: JSON nested deeper than the body reader allows (a recursive walk overflowed the
 * stack at `[` × 2,000 on every JSON-body route), and positions and instants past the range
 * the log and Postgres hold, on the operator routes that parse them.
 */
import { randomUUID } from 'node:crypto';
import {
  API_BASE_PATH,
  OPERATOR_BASE_PATH,
  adminOperations,
  memberAdminOperations,
  memberCommunityOperations,
  operatorToolOperations,
  publicCommunityOperations,
  roomAdminOperations,
  routes,
  scopes,
  webhookAdminOperations,
} from '@brand-api/contracts';
import { communityPrefix } from '../community-api/urls';
import { brand, signIn } from '../testing/community-kit';
import { productBody } from '../testing/product-body';
import { testAdminToken, useTestApp } from '../testing/test-app';
import { maxJsonDepth } from './body';

jest.setTimeout(180_000);

const t = useTestApp();
let brandId: string;
let key: string;
let memberCookie: string;
let productId: string;
let endpointId: string;

beforeAll(async () => {
  ({ brandId, key } = await brand(t(), { customAuth: true, scopes }));
  ({ cookie: memberCookie } = await signIn(t(), key, 'bounds-member'));
  const product = await t()
    .http.post(`${API_BASE_PATH}/brand-products`)
    .set('authorization', `Bearer ${key}`)
    .send(productBody('bounds'))
    .expect(201);
  productId = (product.body as { data: { id: string } }).data.id;
  const endpoint = await t()
    .http.post(`${OPERATOR_BASE_PATH}/brands/${brandId}/webhook-endpoints`)
    .set('authorization', `Bearer ${testAdminToken}`)
    .send({ url: 'https://93.184.216.34/bounds' })
    .expect(201);
  endpointId = (endpoint.body as { data: { id: string } }).data.id;
});

/** `[[[…]]]`: arrays nested `depth` deep around a number. */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

type Credentials = 'brand' | 'operator' | 'member' | 'none';

interface BodyRoute {
  operationId: string;
  method: string;
  path: string;
  credentials: Credentials;
}

const withPrefix = (
  prefix: string,
  credentials: Credentials,
  operations: readonly { operationId: string; method: string; path: string; body?: unknown }[],
): BodyRoute[] =>
  operations
    .filter((operation) => operation.body !== undefined)
    .map(({ operationId, method, path }) => ({
      operationId,
      method,
      path: prefix + path,
      credentials,
    }));

/** Every route that reads a JSON body, with the credentials that get it past authentication. */
const bodyRoutes: BodyRoute[] = [
  ...withPrefix(API_BASE_PATH, 'brand', routes),
  ...withPrefix(OPERATOR_BASE_PATH, 'operator', [
    ...adminOperations,
    ...roomAdminOperations,
    ...memberAdminOperations,
    ...operatorToolOperations,
    ...webhookAdminOperations,
  ]),
  ...withPrefix(communityPrefix, 'none', publicCommunityOperations),
  ...withPrefix(communityPrefix, 'member', memberCommunityOperations),
];

function send(route: Omit<BodyRoute, 'operationId'>, body?: string) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'brandId' ? brandId : randomUUID(),
  );
  let request = t().http[route.method as 'get' | 'post' | 'patch' | 'put' | 'delete'](path);
  if (route.credentials === 'brand') request = request.set('authorization', `Bearer ${key}`);
  if (route.credentials === 'operator') {
    request = request.set('authorization', `Bearer ${testAdminToken}`);
  }
  if (route.credentials === 'member') request = request.set('cookie', memberCookie);
  if (body === undefined) return request;
  return request.set('content-type', 'application/json').send(body);
}

describe('JSON nested past the limit', () => {
  it('covers every JSON-body route of the three APIs', () => {
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(13);
  });

  it.each(bodyRoutes.map((route) => [route.operationId, route] as const))(
    '%s answers 400 INVALID_JSON at any depth past the limit',
    async (_operationId, route) => {
      for (const depth of [maxJsonDepth + 1, 2_000, 100_000]) {
        const response = await send(route, nested(depth));
        expect({ depth, status: response.status, body: response.body as unknown }).toEqual({
          depth,
          status: 400,
          body: expect.objectContaining({
            code: 'INVALID_JSON',
            statusCode: 400,
            message: `The request body nests arrays and objects deeper than ${maxJsonDepth} levels`,
          }) as unknown,
        });
      }
      // At the limit the body is read and goes on to the route's own checks.
      const atLimit = await send(route, nested(maxJsonDepth));
      expect(atLimit.status).toBeLessThan(500);
      expect((atLimit.body as { code?: string }).code).not.toBe('INVALID_JSON');
    },
  );
});

describe('positions and instants out of range on operator routes', () => {
  const positions = ['9223372036854775807', '9223372036854775808', '99999999999999999999999'];
  const instants = [
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:60Z',
    '2025-06-30T23:59:60Z',
    '10000-01-01T00:00:00Z',
  ];
  // The replay's instant goes to Postgres, which refuses an offset past ±15:59.
  const timestamptz = [...instants, '2025-01-01T00:00:00+16:00'];
  const table: [string, () => ReturnType<typeof send>, string][] = [
    ...[...positions, '9007199254740992', ...instants].map(
      (since) =>
        [
          `export since=${since}`,
          () =>
            send({
              method: 'get',
              path: `${OPERATOR_BASE_PATH}/events/export?since=${encodeURIComponent(since)}`,
              credentials: 'operator',
            }),
          '/since',
        ] as [string, () => ReturnType<typeof send>, string],
    ),
    ...[...positions, ...instants].map(
      (at) =>
        [
          `audit at=${at}`,
          () =>
            send({
              method: 'get',
              path: `${OPERATOR_BASE_PATH}/audit/at/product/${productId}?at=${encodeURIComponent(at)}`,
              credentials: 'operator',
            }),
          '/at',
        ] as [string, () => ReturnType<typeof send>, string],
    ),
    ...timestamptz.map(
      (since) =>
        [
          `webhook replay since=${since}`,
          () =>
            send(
              {
                method: 'post',
                path: `${OPERATOR_BASE_PATH}/brands/${brandId}/webhook-endpoints/${endpointId}/replay`,
                credentials: 'operator',
              },
              JSON.stringify({ since }),
            ),
          '/since',
        ] as [string, () => ReturnType<typeof send>, string],
    ),
  ];

  it.each(table)('%s answers 400 naming the field', async (_what, call, field) => {
    const response = await call();
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      details: [expect.objectContaining({ field }) as unknown],
    });
  });

  it.each([
    ['export since the largest position', `/events/export?since=${Number.MAX_SAFE_INTEGER}`],
    ['export since the last instant', '/events/export?since=9999-12-31T23:59:59.999Z'],
  ])('%s is in range', async (_what, path) => {
    const response = await send({
      method: 'get',
      path: OPERATOR_BASE_PATH + path,
      credentials: 'operator',
    });
    // No event has that position: a 400 that says so, not a range error.
    if (path.includes('since=9007')) {
      expect(response.body).toMatchObject({
        details: [{ message: `no event has global position ${Number.MAX_SAFE_INTEGER}` }],
      });
    } else {
      expect(response.status).toBe(200);
    }
  });
});
