import { singleStreamRequested } from '@brand-api/event-store';
import { recordedLog } from '../../testing/log-lines';
import { createTestApp } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { postProduct, productBody } from '../../testing/product-body';

jest.setTimeout(60_000);

const { logger, lines } = recordedLog();
let t: TestApp;
let auth: string;

beforeAll(async () => {
  t = await createTestApp({ deps: { logger } });
  auth = `Bearer ${(await t.brandWithKey(['brand_products:read', 'brand_products:write'])).key}`;
  // A rule of the read table the projection does not know: its INSERT fails for this title,
  // as a projection bug or a column too narrow would.
  await t.testDb.db.exec(
    `ALTER TABLE brand_products ADD CONSTRAINT test_refuses_poison CHECK (title <> 'Poison')`,
  );
});
afterAll(() => t.close());

const inline = !singleStreamRequested(process.env);

(inline ? describe : describe.skip)('a write whose read model cannot apply it (inline)', () => {
  it('is a 500 with a request id, leaves no event and no row, and the log names the projection', async () => {
    const response = await postProduct(t.http, auth, productBody('poisoned', 'Poison')).expect(500);
    const requestId = response.headers['x-request-id'] as string;
    expect(response.body).toMatchObject({ code: 'INTERNAL', requestId });
    expect(await t.eventStore.readByRequestId(requestId)).toEqual([]);
    const { rows } = await t.testDb.db.query(`SELECT id FROM brand_products WHERE store_id = $1`, [
      'poisoned',
    ]);
    expect(rows).toEqual([]);
    const logged = lines.find((line) => line.requestId === requestId && line.level === 50);
    expect(JSON.stringify(logged)).toContain('Projection catalogue failed on ProductCreated');

    // Nothing was claimed either: the same store id is free for a product that can be applied.
    await postProduct(t.http, auth, productBody('poisoned', 'Fine')).expect(201);
    const list = await t.http
      .get('/api/v1/brand-products?limit=100')
      .set('authorization', auth)
      .expect(200);
    expect((list.body as { data: { title: string }[] }).data.map((p) => p.title)).toEqual(['Fine']);
  });

  it('one bad record of a bulk call writes none of the others', async () => {
    const records = [
      productBody('bulk-1', 'One'),
      productBody('bulk-2', 'Poison'),
      productBody('bulk-3', 'Three'),
    ];
    await t.http
      .post('/api/v1/brand-products/bulk')
      .set('authorization', auth)
      .send({ upsertRecords: records, deleteRecords: [] })
      .expect(500);
    const { rows } = await t.testDb.db.query(
      `SELECT store_id FROM brand_products WHERE store_id LIKE 'bulk-%'`,
    );
    expect(rows).toEqual([]);
  });
});
