import { Readable } from 'node:stream';
import { ApiError } from '@brand-api/contracts';
import type Koa from 'koa';
import supertest from 'supertest';
import type { Feature } from '../brand-api';
import { useFeatureTestApp } from '../testing/feature-app';

jest.setTimeout(60_000);

/** A refusal that carries its own header, and a body that breaks after its headers went out. */
const failing: Feature = {
  name: 'failing',
  handlers: () => ({
    listBrandProducts: () =>
      Promise.reject(new ApiError('RATE_LIMITED', { headers: { 'Retry-After': '7' } })),
    getBrandProduct: () =>
      Promise.resolve({
        body: new Readable({
          read() {
            this.push('{"data":');
            this.destroy(new Error('the stream broke'));
          },
        }) as never,
      }),
  }),
};

const { t, key, lines } = useFeatureTestApp(failing, ['brand_products:read']);

const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);

/**
 * The app with one of its middleware replaced by one that throws, as a bug in it would: the
 * middleware are found by their function names, so a rename fails here rather than passing.
 */
function withThrowIn(name: string): ReturnType<typeof supertest> {
  const chain = t().app.middleware;
  const at = chain.findIndex((middleware) => middleware.name === name);
  expect(at).toBeGreaterThan(0);
  const broken = chain.map((middleware, index) =>
    index === at ? () => Promise.reject(new TypeError(`a bug in ${name}`)) : middleware,
  );
  // The callback composes the chain it is given; the test app's own chain stays as it was.
  (t().app as { middleware: Koa.Middleware[] }).middleware = broken;
  try {
    return supertest(t().app.callback());
  } finally {
    (t().app as { middleware: Koa.Middleware[] }).middleware = chain;
  }
}

describe('the error boundary', () => {
  it('is the first middleware', () => {
    expect(t().app.middleware[0]!.name).toBe('answerErrors');
  });

  it.each(['assignRequestId', 'logAccess', 'setSecurityHeaders', 'answerCors', 'compress'])(
    'answers a throw in %s as our 500 with a request id, and logs it at error',
    async (name) => {
      const answer = await withThrowIn(name)
        .get('/api/v1/brand-products')
        .set('x-request-id', 'boundary-test')
        .set('accept-encoding', 'gzip');
      const requestId = answer.headers['x-request-id'] as string;
      expect(requestId).toMatch(/^[A-Za-z0-9._:-]+$/);
      expect(answer.status).toBe(500);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).toEqual({
        message: expect.any(String) as string,
        code: 'INTERNAL',
        statusCode: 500,
        requestId,
      });
      expect(answer.text).not.toContain(`a bug in ${name}`);
      expect(linesOf(requestId)).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'request failed',
          err: expect.objectContaining({ message: `a bug in ${name}` }) as unknown,
        }),
      );
    },
  );

  it('answers a refusal with the headers the error carries, logged once at info with its code', async () => {
    const answer = await t()
      .http.get('/api/v1/brand-products')
      .set('authorization', `Bearer ${key()}`)
      .expect(429);
    expect(answer.headers['retry-after']).toBe('7');
    const requestId = answer.headers['x-request-id'] as string;
    expect(answer.body).toMatchObject({ code: 'RATE_LIMITED', requestId });
    expect(linesOf(requestId)).toEqual([
      expect.objectContaining({ level: 30, msg: 'request', status: 429, code: 'RATE_LIMITED' }),
    ]);
  });

  it("sends a failure after the headers went out to the app's error event, logged with the request", async () => {
    const requestId = 'broken-stream';
    await t()
      .http.get('/api/v1/brand-products/9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b')
      .set('authorization', `Bearer ${key()}`)
      .set('x-request-id', requestId)
      .catch(() => undefined);
    for (let waited = 0; waited < 5_000; waited += 20) {
      if (linesOf(requestId).some((line) => line.msg === 'response failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(linesOf(requestId)).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'response failed',
        path: '/api/v1/brand-products/9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b',
        err: expect.objectContaining({ message: 'the stream broke' }) as unknown,
      }),
    );
  });
});
