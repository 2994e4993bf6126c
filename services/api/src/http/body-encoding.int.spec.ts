import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { errorOf } from '../testing/error-body';
import { CreateBrandProductBody, exampleOf } from '@brand-api/contracts';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

let t: TestApp;
let key: string;
const product = exampleOf(CreateBrandProductBody);

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.brandWithKey(['brand_products:read', 'brand_products:write']));
});
afterAll(() => t.close());

const send = (encoding: string, body: Buffer) =>
  t.http
    .post('/api/v1/brand-products')
    .set('authorization', `Bearer ${key}`)
    .set('content-type', 'application/json')
    .set('content-encoding', encoding)
    // The bytes as they are: superagent would otherwise serialise a Buffer as JSON.
    .serialize((bytes: Buffer) => bytes as unknown as string)
    .send(body);

const json = (storeId: string) => Buffer.from(JSON.stringify({ ...product, storeId }));

describe('compressed request bodies', () => {
  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('reads a %s body', async (encoding, compress) => {
    const response = await send(encoding, compress(json(`encoded-${encoding}`))).expect(201);
    expect(response.body).toMatchObject({ data: { storeId: `encoded-${encoding}` } });
  });

  it.each([
    ['gzip', 'a plain JSON body', json('plain')],
    ['gzip', 'a truncated gzip stream', gzipSync(json('cut')).subarray(0, 20)],
    ['gzip', 'a gzip stream with a broken checksum', corruptTrailer(gzipSync(json('crc')))],
    ['deflate', 'bytes that are not deflate', Buffer.from('not deflate at all')],
    ['br', 'bytes that are not brotli', Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff])],
  ])(
    'answers Content-Encoding: %s with %s by 400 INVALID_BODY_ENCODING, writing nothing',
    async (encoding, _what, body) => {
      const before = await t.http
        .get('/api/v1/brand-products?limit=100')
        .set('authorization', `Bearer ${key}`);
      const response = await send(encoding, body).expect(400);
      expect(errorOf(response)).toEqual({
        message: `The request body could not be decoded as ${encoding}`,
        code: 'INVALID_BODY_ENCODING',
        statusCode: 400,
      });
      const after = await t.http
        .get('/api/v1/brand-products?limit=100')
        .set('authorization', `Bearer ${key}`);
      expect(after.body).toEqual(before.body);
    },
  );

  it('still answers an unsupported encoding with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await send('compress', json('lzw')).expect(415);
    expect(response.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

/** The last 8 bytes of a gzip stream are its CRC-32 and length; flip the CRC. */
function corruptTrailer(gzipped: Buffer): Buffer {
  const copy = Buffer.from(gzipped);
  copy[copy.length - 8] = copy[copy.length - 8]! ^ 0xff;
  return copy;
}
