import { scopes } from '@brand-api/contracts';
import { createPgDatabase } from '@brand-api/event-store';
import { describeOnServer, holdTransaction } from '@brand-api/event-store/testing';
import { adminAuth, createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { bootstrapDemo, firstStartBanner } from './demo-bootstrap';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deps = () => ({
  db: t.testDb.db,
  eventStore: t.eventStore,
  brands: t.app.services.application.brands,
});

describe('demo bootstrap', () => {
  it('creates a demo brand and a key with every scope on an empty store, and only once', async () => {
    const demo = await bootstrapDemo(deps());
    expect(demo).toMatchObject({ brandName: 'Demo Brand', scopes });
    expect(await bootstrapDemo(deps())).toBeUndefined();

    const brands = await t.http.get('/admin/v1/brands').set('authorization', adminAuth).expect(200);
    expect((brands.body as { data: unknown[] }).data).toEqual([
      { id: demo!.brandId, name: 'Demo Brand', customAuthEnabled: true },
    ]);
    const keys = await t.http
      .get(`/admin/v1/brands/${demo!.brandId}/api-keys`)
      .set('authorization', adminAuth)
      .expect(200);
    expect((keys.body as { data: { scopes: string[] }[] }).data).toEqual([
      expect.objectContaining({ id: demo!.apiKeyId, scopes: [...scopes].sort() }),
    ]);
    const [created] = await t.eventStore.readStream(`brand-${demo!.brandId}`);
    expect(created?.metadata).toMatchObject({
      actor: { kind: 'system', id: 'demo-bootstrap' },
      requestId: null,
    });
  });

  it('lets the demo key past every scope check', async () => {
    const demoStore = await createTestApp();
    try {
      const demo = await bootstrapDemo({
        db: demoStore.testDb.db,
        eventStore: demoStore.eventStore,
        brands: demoStore.app.services.application.brands,
      });
      for (const path of [
        '/api/v1/members',
        '/api/v1/posts',
        '/api/v1/member-groups',
        '/api/v1/brand-products',
      ]) {
        const response = await demoStore.http
          .get(path)
          .set('authorization', `Bearer ${demo!.apiKey}`);
        expect([401, 403]).not.toContain(response.status);
      }
    } finally {
      await demoStore.close();
    }
  });

  it('prints nothing when there is nothing new to show', () => {
    expect(
      firstStartBanner({ publicUrl: 'http://x', adminToken: undefined, demo: undefined }),
    ).toBeUndefined();
    expect(
      firstStartBanner({ publicUrl: 'http://x', adminToken: 'bka_x', demo: undefined }),
    ).toContain('bka_x');
  });
});

describeOnServer('demo bootstrap beside a transaction still running on the server', () => {
  it('happens once though the head a reader may pass still looks empty', async () => {
    const fresh = await createTestApp();
    // Any transaction with an id, anywhere on the server, holds back what readers of the log
    // may pass: the first bootstrap's events are committed, yet the head still shows none.
    const other = createPgDatabase({ connectionString: fresh.testDb.url!, max: 1 });
    const held = holdTransaction(other, (tx) => tx.query('SELECT pg_current_xact_id()'));
    try {
      await held.ready;
      const freshDeps = {
        db: fresh.testDb.db,
        eventStore: fresh.eventStore,
        brands: fresh.app.services.application.brands,
      };
      expect(await bootstrapDemo(freshDeps)).toBeDefined();
      expect(await bootstrapDemo(freshDeps)).toBeUndefined();
    } finally {
      held.end();
      await held.done;
      await other.close();
      await fresh.close();
    }
  });
});
