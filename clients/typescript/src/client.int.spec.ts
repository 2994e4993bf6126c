import { BrandApiClient, BrandApiError, BrandApiConnectionError } from '@brand-api/client';
import type { BodyOf } from '@brand-api/client';
import { startLiveApp, type LiveApp } from './testing/live-app';
import { productBody } from './testing/product-body';

jest.setTimeout(120_000);

describe('BrandApiClient against the real app', () => {
  let live: LiveApp;
  let client: BrandApiClient;
  let key: string;

  beforeAll(async () => {
    live = await startLiveApp();
    ({ key } = await live.brand({ customAuth: true }));
    client = new BrandApiClient({ apiKey: key, baseUrl: live.url, retry: { baseDelayMs: 20 } });
  });
  afterAll(() => live.close());

  it('creates, reads, updates and deletes a product with typed bodies and answers', async () => {
    const created = await client.brandProducts.create(productBody('crud-1'));
    expect(created.data).toMatchObject({ storeId: 'crud-1', title: 'Product crud-1' });
    const read = await client.brandProducts.get(created.data.id);
    expect(read.data.id).toBe(created.data.id);
    const updated = await client.brandProducts.update(created.data.id, { title: 'Renamed' });
    expect(updated.data.title).toBe('Renamed');
    expect(await client.brandProducts.delete(created.data.id)).toEqual({ success: true });
    await expect(client.brandProducts.get(created.data.id)).rejects.toMatchObject({
      name: 'BrandApiError',
      code: 'NOT_FOUND',
      statusCode: 404,
      message: 'Resource not found',
      requestId: expect.any(String) as string,
    });
  });

  it('answers every API error as one typed BrandApiError with its details', async () => {
    const error = await client.brandProducts
      .create({ ...productBody('bad'), title: 42 } as unknown as BodyOf<'createBrandProduct'>)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrandApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      details: [expect.objectContaining({ field: '/title' })],
    });
    const unauthorised = new BrandApiClient({ apiKey: 'bk_live_wrong', baseUrl: live.url });
    await expect(unauthorised.members.list()).rejects.toMatchObject({
      code: 'INVALID_API_KEY',
      statusCode: 401,
    });
  });

  it('reuses the Idempotency-Key of a write on its retry: an answer lost in the network creates one product', async () => {
    const keys: string[] = [];
    let lost = 0;
    const losingFetch: typeof fetch = async (input, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
      const response = await fetch(input, init);
      if (lost === 0) {
        lost += 1;
        await response.arrayBuffer();
        throw new TypeError('fetch failed: the answer was lost');
      }
      return response;
    };
    const flaky = new BrandApiClient({
      apiKey: key,
      baseUrl: live.url,
      fetch: losingFetch,
      retry: { baseDelayMs: 10 },
    });
    const created = await flaky.brandProducts.create(productBody('lost-answer'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const all = [];
    for await (const item of client.brandProducts.all()) {
      if (item.storeId === 'lost-answer') all.push(item);
    }
    expect(all.map((item) => item.id)).toEqual([created.data.id]);
  });

  it('gives up after the configured retries with a BrandApiConnectionError', async () => {
    const closed = new BrandApiClient({
      apiKey: key,
      baseUrl: 'http://127.0.0.1:9', // discard port: nothing listens
      retry: { maxRetries: 2, baseDelayMs: 5 },
    });
    const error = await closed.members.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrandApiConnectionError);
    expect((error as Error).message).toMatch(/after 3 attempts/);
  });

  it('pages through products (cursor) and member groups (after) with for await', async () => {
    const storeIds = Array.from({ length: 230 }, (_, index) => `page-${index}`);
    const result = await client.brandProducts.sync({ upsert: storeIds.map(productBody) });
    expect(result).toMatchObject({ calls: 3, upserted: 230 });
    const seen = new Set<string>();
    for await (const item of client.brandProducts.all({ limit: 17 })) {
      if (item.storeId.startsWith('page-')) seen.add(item.storeId);
    }
    expect([...seen].sort()).toEqual([...storeIds].sort());

    for (let index = 0; index < 7; index += 1) {
      await client.memberGroups.create({ name: `Group ${index}` });
    }
    const names: string[] = [];
    for await (const group of client.memberGroups.all({ limit: 3 })) names.push(group.name);
    expect(names.sort()).toEqual(Array.from({ length: 7 }, (_, index) => `Group ${index}`));
  });

  it('pages through members with after, and a magic link answers typed', async () => {
    const subs = ['auth0|m1', 'auth0|m2', 'auth0|m3'];
    for (const customAuthSub of subs) {
      const link = await client.magicLinks.create({
        customAuthSub,
        email: `${customAuthSub.replace(/\W/g, '')}@example.com`,
        firstName: 'Ada',
      });
      expect(link.magicLink).toMatch(/^http/);
    }
    const emails: string[] = [];
    for await (const member of client.members.all({ limit: 2 })) emails.push(member.email);
    expect(emails.sort()).toEqual([
      'auth0m1@example.com',
      'auth0m2@example.com',
      'auth0m3@example.com',
    ]);
  });
});

describe('the bulk helper and the rate limit', () => {
  let live: LiveApp;
  afterAll(() => live.close());

  it('sends any number of records 100 at a time and waits out 429s: no error reaches the caller', async () => {
    live = await startLiveApp({ bulkRateLimit: { requests: 1, windowSeconds: 3 } });
    const { key } = await live.brand();
    const client = new BrandApiClient({ apiKey: key, baseUrl: live.url });
    const batches: number[] = [];
    const started = Date.now();
    const result = await client.brandProducts.sync(
      {
        upsert: Array.from({ length: 450 }, (_, index) => productBody(`bulk-${index}`)),
        delete: ['bulk-0', 'bulk-1'],
      },
      { onBatch: ({ upserted, deleted }) => batches.push(upserted + deleted) },
    );
    expect(batches).toEqual([100, 100, 100, 100, 50, 2]);
    expect(result).toMatchObject({ calls: 6, upserted: 450, deleted: 2 });
    // 6 calls at 1 per 3-second window span at least 5 windows, however fast each call is.
    expect(Date.now() - started).toBeGreaterThanOrEqual(15_000);
    expect(result.rateLimitWaitMs).toBeGreaterThan(0);
    let count = 0;
    for await (const item of client.brandProducts.all())
      if (item.storeId.startsWith('bulk-')) count += 1;
    expect(count).toBe(448);
  });
});
