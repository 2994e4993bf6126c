import { buildCommunityOpenApi, buildOpenApi, buildOperatorOpenApi } from '@brand-api/contracts';
import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const documents = [
  ['/api/v1/openapi.json', buildOpenApi, {}],
  ['/community/v1/openapi.json', buildCommunityOpenApi, {}],
  ['/admin/v1/openapi.json', buildOperatorOpenApi, { authorization: adminAuth }],
] as const;

describe('the OpenAPI documents at their URLs', () => {
  it.each(documents)('%s is the document built from the contracts', async (path, build, auth) => {
    const answer = await t.http.get(path).set(auth).expect(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(build())));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(documents)('%s has an ETag: If-None-Match answers 304', async (path, _build, auth) => {
    const first = await t.http.get(path).set(auth).set('accept-encoding', 'identity').expect(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.http
      .get(path)
      .set(auth)
      .set('accept-encoding', 'identity')
      .set('if-none-match', etag)
      .expect(304);
    expect(again.text).toBe('');
    const zipped = await t.http.get(path).set(auth).set('accept-encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(etag.replace(/"$/, '-gzip"'));
    await t.http
      .get(path)
      .set(auth)
      .set('accept-encoding', 'gzip')
      .set('if-none-match', zipped.headers.etag!)
      .expect(304);
  });

  it('serves the Brand API document without an API key', async () => {
    const answer = await t.http.get('/api/v1/openapi.json').expect(200);
    expect(answer.body).toMatchObject({ info: { title: 'Brand API' } });
  });

  it.each([undefined, 'Bearer not-the-admin-token-0123456789'])(
    'refuses the operator document to a caller without the operator token (%s)',
    async (authorization) => {
      const request = t.http.get('/admin/v1/openapi.json');
      if (authorization) request.set('authorization', authorization);
      const answer = await request.expect(401);
      expect(answer.body).toMatchObject({ code: 'ADMIN_UNAUTHORIZED' });
    },
  );

  it('keeps other methods on the document paths as before: no route', async () => {
    const answer = await t.http.post('/community/v1/openapi.json').send({}).expect(404);
    expect(answer.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
