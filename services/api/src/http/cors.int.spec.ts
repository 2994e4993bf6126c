import type TestAgent from 'supertest/lib/agent';
import { createTestApp, secondInstance } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

const allowed = 'https://app.example.com';

let t: TestApp;
/** The same services without CORS_ORIGINS. */
let unset: { http: TestAgent };
let key: string;

beforeAll(async () => {
  t = await createTestApp({ config: { corsOrigins: [allowed, 'http://localhost:8000'] } });
  unset = secondInstance(t, { config: { adminTokenHash: undefined } });
  ({ key } = await t.brandWithKey(['members:read']));
});
afterAll(() => t.close());

const preflight = (app: { http: TestAgent }, origin: string, path = '/api/v1/members') =>
  app.http
    .options(path)
    .set('origin', origin)
    .set('access-control-request-method', 'POST')
    .set('access-control-request-headers', 'authorization, content-type, idempotency-key');

const corsHeaders = (headers: Record<string, string>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS for the origins of CORS_ORIGINS', () => {
  it.each(['/api/v1/members', '/admin/v1/brands', '/community/v1/rooms/x/posts'])(
    'answers a preflight of %s from an allowed origin, without asking for credentials',
    async (path) => {
      const answer = await preflight(t, allowed, path);
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(allowed);
      const methods = answer.headers['access-control-allow-methods']!.split(', ');
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']));
      const accepted = answer.headers['access-control-allow-headers']!.toLowerCase().split(', ');
      expect(accepted).toEqual(
        expect.arrayContaining([
          'authorization',
          'content-type',
          'if-match',
          'if-none-match',
          'idempotency-key',
        ]),
      );
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Origin/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('lets a page of an allowed origin read the answer and its headers, errors included', async () => {
    for (const request of [
      t.http.get('/api/v1/members').set('authorization', `Bearer ${key}`),
      t.http.get('/api/v1/members'),
    ]) {
      const answer = await request.set('origin', 'http://localhost:8000');
      expect([200, 401]).toContain(answer.status);
      expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:8000');
      const exposed = answer.headers['access-control-expose-headers']!.split(', ');
      expect(exposed).toEqual(
        expect.arrayContaining([
          'ETag',
          'Location',
          'X-Request-Id',
          'RateLimit',
          'RateLimit-Policy',
          'Idempotent-Replayed',
        ]),
      );
    }
  });

  it('gives another origin no CORS header: its preflight meets the API as it is', async () => {
    const answer = await preflight(t, 'https://evil.example.com');
    expect(answer.status).toBe(401);
    expect(corsHeaders(answer.headers)).toEqual([]);
    const read = await t.http
      .get('/api/v1/members')
      .set('authorization', `Bearer ${key}`)
      .set('origin', 'https://app.example.com.evil.example')
      .expect(200);
    expect(corsHeaders(read.headers)).toEqual([]);
  });

  it('gives no CORS header to anyone when CORS_ORIGINS is unset', async () => {
    const answer = await preflight(unset, allowed);
    expect(answer.status).toBe(401);
    expect(corsHeaders(answer.headers)).toEqual([]);
    const read = await unset.http.get('/healthz').set('origin', allowed).expect(200);
    expect(corsHeaders(read.headers)).toEqual([]);
  });
});
