import type { BrandProduct } from '@brand-api/contracts';
import {
  createPostgresEventStore,
  createProjectionRunner,
  sharedWriters,
  singleStreamRequested,
} from '@brand-api/event-store';
import { itOnServer } from '@brand-api/event-store/testing';
import { inlineProjectorFor, readModelProjections } from '../../runtime/projections';
import { createTestApp, secondInstance } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { postProduct, productBody } from '../../testing/product-body';

// PGlite compiles its WebAssembly per test file.
jest.setTimeout(60_000);

let t: TestApp;
let auth: string;

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const titles = (body: unknown) => (body as { data: BrandProduct[] }).data.map((p) => p.title);

beforeAll(async () => {
  t = await createTestApp();
  auth = `Bearer ${(await t.brandWithKey(['brand_products:read', 'brand_products:write'])).key}`;
  // The cache serves where this process alone writes the catalogue's tables: the embedded
  // database (one process owns it), the sole writer's lease on a server, or the runner it leads
  // on a single-stream log.
  await until(() => t.runner.leading().includes('catalogue'));
});
afterAll(() => t.close());

describe('catalogue reads through the read cache', () => {
  it('serves repeated reads from the cache, as the same JSON', async () => {
    await postProduct(t.http, auth, productBody('C-1'));
    const before = t.app.services.catalogueCache.stats();
    const first = await t.http.get('/api/v1/brand-products').set('authorization', auth).expect(200);
    const second = await t.http
      .get('/api/v1/brand-products')
      .set('authorization', auth)
      .expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(t.app.services.catalogueCache.stats().hits).toBeGreaterThan(before.hits);
  });

  it('shows every acknowledged write to the very next read', async () => {
    const created = await postProduct(t.http, auth, productBody('C-2', 'Before')).expect(201);
    const id = (created.body as { data: BrandProduct }).data.id;
    for (let round = 1; round <= 5; round += 1) {
      // Warm both answers, then change the product and read again at once.
      await t.http.get(`/api/v1/brand-products/${id}`).set('authorization', auth).expect(200);
      await t.http.get('/api/v1/brand-products?limit=100').set('authorization', auth).expect(200);
      await t.http
        .patch(`/api/v1/brand-products/${id}`)
        .set('authorization', auth)
        .send({ title: `Round ${round}` })
        .expect(200);
      const one = await t.http
        .get(`/api/v1/brand-products/${id}`)
        .set('authorization', auth)
        .expect(200);
      expect((one.body as { data: BrandProduct }).data.title).toBe(`Round ${round}`);
      const list = await t.http
        .get('/api/v1/brand-products?limit=100')
        .set('authorization', auth)
        .expect(200);
      expect(titles(list.body)).toContain(`Round ${round}`);
    }
    await t.http.delete(`/api/v1/brand-products/${id}`).set('authorization', auth).expect(200);
    await t.http.get(`/api/v1/brand-products/${id}`).set('authorization', auth).expect(404);
    const list = await t.http
      .get('/api/v1/brand-products?limit=100')
      .set('authorization', auth)
      .expect(200);
    expect(titles(list.body)).not.toContain('Round 5');
  });

  it('is bypassed in a process that does not lead the projection, which still reads its writes', async () => {
    // A second API process on the same database, like `brand-api-server serve`: its runner only waits.
    const standby = createProjectionRunner({
      db: t.testDb.db,
      store: t.eventStore,
      projections: readModelProjections,
    });
    const { app: apiOnly, http } = secondInstance(t, { projections: standby });
    try {
      await http.get('/api/v1/brand-products').set('authorization', auth).expect(200);
      // Written through the leading process, read at once through the other one.
      await postProduct(t.http, auth, productBody('C-3', 'Seen elsewhere')).expect(201);
      const list = await http
        .get('/api/v1/brand-products?limit=100')
        .set('authorization', auth)
        .expect(200);
      expect(titles(list.body)).toContain('Seen elsewhere');
      expect(apiOnly.services.catalogueCache.stats()).toMatchObject({ hits: 0, entries: 0 });
    } finally {
      await standby.stop();
    }
  });

  itOnServer(
    'lets go when another process writes the catalogue, whose write the next read here shows',
    'two processes need a server; the embedded database has one',
    async () => {
      if (singleStreamRequested(process.env)) return; // no inline writes: the runner leads
      // Another `serve` process: its own connections, read models applied inline by its writes.
      const elsewhere = t.testDb.connect(4);
      const store = createPostgresEventStore(elsewhere, {
        inline: inlineProjectorFor('postgres-multi-stream', sharedWriters)!,
      });
      const standby = createProjectionRunner({
        db: elsewhere,
        store,
        projections: readModelProjections,
      });
      const { http } = secondInstance(t, {
        db: elsewhere,
        eventStore: store,
        projections: standby,
      });
      try {
        await until(() => t.runner.leading().includes('catalogue'));
        for (let round = 1; round <= 3; round += 1) {
          const list = () =>
            t.http.get('/api/v1/brand-products?limit=100').set('authorization', auth).expect(200);
          await list();
          const hits = t.app.services.catalogueCache.stats().hits;
          await list();
          expect(t.app.services.catalogueCache.stats().hits).toBe(hits + 1);
          await postProduct(http, auth, productBody(`E-${round}`, `Elsewhere ${round}`)).expect(
            201,
          );
          expect(titles((await list()).body)).toContain(`Elsewhere ${round}`);
          // Taken again once no other process writes (the test app tries after a second).
          await until(() => t.runner.leading().includes('catalogue'));
        }
      } finally {
        await standby.stop();
        await store.close();
      }
    },
  );

  it('is used by an app made after its runner already leads (as `brand-api-server all` starts)', async () => {
    const { app: late, http } = secondInstance(t);
    for (let n = 0; n < 3; n += 1) {
      await http.get('/api/v1/brand-products').set('authorization', auth).expect(200);
    }
    expect(late.services.catalogueCache.stats().hits).toBeGreaterThan(0);
  });

  it('can be turned off', async () => {
    const off = await createTestApp({ config: { readCache: false } });
    try {
      const key = `Bearer ${(await off.brandWithKey(['brand_products:read'])).key}`;
      await until(() => off.runner.leading().includes('catalogue'));
      for (let n = 0; n < 3; n += 1) {
        await off.http.get('/api/v1/brand-products').set('authorization', key).expect(200);
      }
      expect(off.app.services.catalogueCache.stats()).toMatchObject({ hits: 0, entries: 0 });
    } finally {
      await off.close();
    }
  });
});
