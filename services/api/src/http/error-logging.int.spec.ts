import { ApiError } from '@brand-api/contracts';
import type { Feature } from '../brand-api';
import { useFeatureTestApp } from '../testing/feature-app';

jest.setTimeout(60_000);

/** Two ways a handler fails: a plain bug, and an INTERNAL error that carries its cause. */
const failing: Feature = {
  name: 'failing',
  handlers: () => ({
    getBrandProduct: () => Promise.reject(new TypeError('cannot read properties of undefined')),
    listBrandProducts: () =>
      Promise.reject(new ApiError('INTERNAL', { cause: new Error('disk on fire') })),
  }),
};

const { t, key, lines } = useFeatureTestApp(failing, ['brand_products:read']);

describe('a 500', () => {
  it.each([
    [
      'a thrown bug',
      '/api/v1/brand-products/9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b',
      'cannot read properties of undefined',
    ],
    ['an INTERNAL error with a cause', '/api/v1/brand-products', 'disk on fire'],
  ])('is logged with its cause and the request id, for %s', async (_what, path, cause) => {
    const response = await t().http.get(path).set('authorization', `Bearer ${key()}`).expect(500);
    const requestId = response.headers['x-request-id'] as string;
    expect(response.body).toMatchObject({ code: 'INTERNAL', requestId });
    expect(response.text).not.toContain(cause);
    // The access line of the request is logged too (at info); this is the error's own line.
    const logged = lines.find((line) => line.requestId === requestId && line.level === 50);
    expect(logged).toMatchObject({
      level: 50,
      msg: 'request failed',
      method: 'GET',
      path,
      err: { message: cause, stack: expect.stringContaining(cause) as string },
    });
  });
});
