import type TestAgent from 'supertest/lib/agent';

/** A valid create body of a brand product with this store id (and title). */
export const productBody = (storeId: string, title = `Product ${storeId}`) => ({
  storeId,
  title,
  description: '',
  imageUrl: null,
  imageWidth: null,
  imageHeight: null,
  onlineStoreUrl: 'https://shop.example.com/p',
});

/**
 * `POST /api/v1/brand-products` of `body` through `http`, authorized by `auth` (`Bearer …`);
 * chain the expectations on the answer.
 */
export const postProduct = (http: TestAgent, auth: string, body: object) =>
  http.post('/api/v1/brand-products').set('authorization', auth).send(body);
