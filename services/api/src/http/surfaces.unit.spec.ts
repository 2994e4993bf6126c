import type { Middleware } from 'koa';
import { surfaces } from './surfaces';

/** Runs the dispatcher on a path; answers which middleware ran, in order. */
async function run(dispatch: Middleware, path: string): Promise<string[]> {
  const ran: string[] = [];
  const ctx = { path, ran } as unknown as Parameters<Middleware>[0];
  await dispatch(ctx, () => {
    ran.push('next');
    return Promise.resolve();
  });
  return ran;
}

const mark =
  (name: string): Middleware =>
  async (ctx, next) => {
    (ctx as unknown as { ran: string[] }).ran.push(name);
    await next();
  };

const dispatch = surfaces(
  [
    { prefix: '/api/v1', middleware: [mark('api-doc'), mark('api-auth')] },
    { prefix: '/admin/v1', middleware: [mark('admin-auth')] },
  ],
  { '/healthz': mark('health'), '/api/v1/openapi.json': mark('document') },
);

describe('surfaces', () => {
  it.each([
    ['/api/v1/brand-products', ['api-doc', 'api-auth', 'next']],
    ['/api/v1', ['api-doc', 'api-auth', 'next']],
    ['/api/v1/', ['api-doc', 'api-auth', 'next']],
    ['/admin/v1/brands', ['admin-auth', 'next']],
    ['/healthz', ['health', 'next']],
    // A single path passed on (another method) goes through its surface, as any of its paths.
    ['/api/v1/openapi.json', ['document', 'api-doc', 'api-auth', 'next']],
  ])("runs %s through its surface's middleware only, then routing", async (path, ran) => {
    expect(await run(dispatch, path)).toEqual(ran);
  });

  it.each(['/api/v10/brand-products', '/API/v1/brand-products', '/api', '/healthz/x', '/'])(
    'leaves %s to routing untouched (no surface: prefixes match whole segments, case-sensitively)',
    async (path) => {
      expect(await run(dispatch, path)).toEqual(['next']);
    },
  );
});
