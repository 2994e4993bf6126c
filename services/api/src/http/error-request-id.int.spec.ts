import type { Response } from 'supertest';
import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.brandWithKey(['member-groups:read']));
});
afterAll(() => t.close());

/** A 4xx of each kind, from each of the three APIs. */
const failures: [what: string, send: () => Promise<Response>][] = [
  ['401 without a key', () => t.http.get('/api/v1/members')],
  ['401 with a wrong key', () => t.http.get('/api/v1/members').set('authorization', 'Bearer x')],
  [
    '403 without the scope',
    () => t.http.get('/api/v1/members').set('authorization', `Bearer ${key}`),
  ],
  [
    '400 of a bad query',
    () => t.http.get('/api/v1/member-groups?limit=0').set('authorization', `Bearer ${key}`),
  ],
  [
    '404 of a missing resource',
    () =>
      t.http
        .get('/api/v1/member-groups/9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b')
        .set('authorization', `Bearer ${key}`),
  ],
  ['404 of an unknown route', () => t.http.get('/nowhere')],
  ['405', () => t.http.put('/api/v1/member-groups').set('authorization', `Bearer ${key}`)],
  ['401 of the operator API', () => t.http.get('/admin/v1/brands')],
  [
    '415 of the operator API',
    () =>
      t.http
        .post('/admin/v1/brands')
        .set('authorization', adminAuth)
        .set('content-type', 'text/plain')
        .send('x'),
  ],
  [
    '401 of the community API',
    () => t.http.post('/community/v1/posts/9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b/likes'),
  ],
];

describe('every error body carries the request id', () => {
  it.each(failures)('%s', async (_what, send) => {
    const answer = await send();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).toMatchObject({
      statusCode: answer.status,
      requestId: answer.headers['x-request-id'],
    });
  });
});
