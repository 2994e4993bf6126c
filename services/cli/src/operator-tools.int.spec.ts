import { singleStreamRequested } from '@brand-api/event-store';
import type {
  AuditHistoryEntry as HistoryEntry,
  EntityAtMoment as EntityAt,
  ProjectionJob as JobStatus,
  ProjectionStatus,
} from '@brand-api/contracts';
import { exitCodes } from './exit-codes';
import { json, useBrandctl } from './testing/brandctl-harness';

jest.setTimeout(120_000);

const { brandctl, t } = useBrandctl();

const product = {
  storeId: 'sku-1',
  title: 'Blue mug',
  description: 'A mug',
  imageUrl: null,
  imageWidth: null,
  imageHeight: null,
  onlineStoreUrl: 'https://shop.example/mug',
};

describe('brandctl audit, projections and events against a live server', () => {
  let brandId: string;
  let keyId: string;
  let productId: string;
  let deleteRequestId: string;
  let beforeDelete: number;

  beforeAll(async () => {
    const brand = await t().brandWithKey(['brand_products:read', 'brand_products:write'], 'Acme');
    ({ brandId, keyId } = brand);
    const auth = `Bearer ${brand.key}`;
    const created = await t()
      .http.post('/api/v1/brand-products')
      .set('authorization', auth)
      .send(product)
      .expect(201);
    productId = (created.body as { data: { id: string } }).data.id;
    await t()
      .http.patch(`/api/v1/brand-products/${productId}`)
      .set('authorization', auth)
      .send({ title: 'Red mug' })
      .expect(200);
    const deleted = await t()
      .http.delete(`/api/v1/brand-products/${productId}`)
      .set('authorization', auth)
      .set('x-request-id', 'operator-story-delete-1')
      .expect(200);
    deleteRequestId = deleted.headers['x-request-id'] as string;
  });

  it('history says which key deleted the product, and what it changed', async () => {
    const { code, stdout } = await brandctl(['audit', 'history', 'product', productId, '--json']);
    expect(code).toBe(0);
    const { data } = json<{ data: HistoryEntry[] }>(stdout);
    expect(data.map((e) => e.type)).toEqual(['ProductCreated', 'ProductUpdated', 'ProductDeleted']);
    const [created, updated, deleted] = data as [HistoryEntry, HistoryEntry, HistoryEntry];
    for (const entry of data) {
      expect(entry.actor).toEqual({ kind: 'apiKey', id: keyId, name: 'test key' });
      expect(entry.requestId).toEqual(expect.any(String));
    }
    expect(created.changes).toEqual(
      expect.arrayContaining([{ field: 'fields.title', before: undefined, after: 'Blue mug' }]),
    );
    expect(updated.changes).toEqual(
      expect.arrayContaining([{ field: 'fields.title', before: 'Blue mug', after: 'Red mug' }]),
    );
    expect(deleted.requestId).toBe(deleteRequestId);
    expect(deleted.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'active', after: 'deleted' },
        { field: 'fields.title', before: 'Red mug', after: undefined },
      ]),
    );
    beforeDelete = updated.position;

    const human = await brandctl(['audit', 'history', 'product', productId]);
    expect(human.stdout).toContain(`ProductDeleted  product ${productId}`);
    expect(human.stdout).toContain(`by apiKey ${keyId} (test key)  request ${deleteRequestId}`);
    expect(human.stdout).toContain('fields.title: "Blue mug" → "Red mug"');
  });

  it('time travel shows the product as it was before the delete, by position and by time', async () => {
    const byPosition = await brandctl([
      'audit',
      'at',
      'product',
      productId,
      '--at',
      String(beforeDelete),
      '--json',
    ]);
    const { data } = json<{ data: EntityAt }>(byPosition.stdout);
    expect(data).toMatchObject({
      existed: true,
      eventsApplied: 2,
      state: { status: 'active', fields: { title: 'Red mug', storeId: 'sku-1' } },
    });
    const before = await brandctl([
      'audit',
      'at',
      'product',
      productId,
      '--at',
      '2000-01-01T00:00:00Z',
    ]);
    expect(before.stdout).toContain('did not exist');
    const now = await brandctl([
      'audit',
      'at',
      'product',
      productId,
      '--at',
      new Date().toISOString(),
      '--json',
    ]);
    expect(json<{ data: EntityAt }>(now.stdout).data.state).toMatchObject({ status: 'deleted' });
    const bad = await brandctl(['audit', 'at', 'product', productId, '--at', 'yesterday']);
    expect(bad.code).toBe(exitCodes.dataError);
    expect(bad.stderr).toContain('at must be a global position (an integer) or an ISO 8601 time');
  });

  it('lists everything one request did; history covers brands and API keys too', async () => {
    const { stdout } = await brandctl(['audit', 'request', deleteRequestId, '--json']);
    const { data } = json<{ data: HistoryEntry[] }>(stdout);
    expect(data.map((e) => e.type)).toContain('ProductDeleted');
    expect(data.every((e) => e.requestId === deleteRequestId)).toBe(true);
    const brand = json<{ data: HistoryEntry[] }>(
      (await brandctl(['audit', 'history', 'brand', brandId, '--json'])).stdout,
    );
    expect(brand.data[0]).toMatchObject({ type: 'BrandCreated', actor: { kind: 'operator' } });
    const key = json<{ data: HistoryEntry[] }>(
      (await brandctl(['audit', 'history', 'api-key', keyId, '--json'])).stdout,
    );
    expect(key.data[0]?.changes).toEqual(
      expect.arrayContaining([{ field: 'name', before: undefined, after: 'test key' }]),
    );
    const unknown = await brandctl(['audit', 'history', 'spaceship', brandId]);
    expect(unknown.stderr).toContain('must be one of');
  });

  it('status shows positions and lag; verify finds a row changed by hand; rebuild all repairs it', async () => {
    const status = await brandctl(['projections', 'status', '--json']);
    const { data } = json<{ data: ProjectionStatus[] }>(status.stdout);
    expect(data.map((p) => p.name)).toEqual(expect.arrayContaining(['brands', 'catalogue']));
    // Applied inline (in each write's transaction) unless the log is single-stream.
    const inline = !singleStreamRequested(process.env);
    expect(data.find((p) => p.name === 'catalogue')).toMatchObject({
      state: inline ? 'inline' : 'running',
      mode: inline ? 'inline' : 'async',
      lagEvents: 0,
      rebuildable: true,
    });
    expect((await brandctl(['projections', 'status'])).stdout).toMatch(
      /PROJECTION +STATE +POSITION/,
    );

    await t().testDb.db.query(`UPDATE brands SET name = 'Hacked' WHERE id = $1`, [brandId]);
    const drift = await brandctl(['projections', 'verify', 'brands']);
    expect(drift.code).toBe(exitCodes.drift);
    expect(drift.stdout).toContain('brands: DRIFT');
    expect(drift.stdout).toContain('name: live "Hacked" ≠ rebuilt "Acme"');

    const rebuild = await brandctl(['projections', 'rebuild', 'all', '--json']);
    expect(rebuild.code).toBe(0);
    const jobs = json<{ data: JobStatus[] }>(rebuild.stdout).data;
    expect(jobs.every((job) => job.state === 'done')).toBe(true);
    expect(jobs.map((job) => job.projection)).toEqual(
      expect.arrayContaining(['brands', 'catalogue']),
    );

    // In text, every progress line and every final line says which projection it is about.
    const named = await brandctl(['projections', 'rebuild', 'all']);
    expect(named.code).toBe(0);
    const finalLines = named.stdout.trim().split('\n');
    expect(finalLines.map((line) => line.split(':')[0])).toEqual(jobs.map((job) => job.projection));
    for (const line of finalLines) expect(line).toMatch(/^[\w-]+: rebuild done \d+/);
    const progress = named.stderr.trim().split('\n');
    expect(new Set(progress.map((line) => line.split(':')[0]))).toEqual(
      new Set(jobs.map((job) => job.projection)),
    );
    for (const line of progress) expect(line).toMatch(/^[\w-]+: rebuild \w+ \d+/);
    const cancel = await brandctl(['projections', 'cancel', 'all']);
    expect(cancel).toEqual({
      code: 0,
      stdout: 'Nothing running: no rebuild or verify of all to cancel.\n',
      stderr: '',
    });

    const clean = await brandctl(['projections', 'verify', 'all']);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('brands: no drift');
    const { rows } = await t().testDb.db.query<{ name: string }>(
      'SELECT name FROM brands WHERE id = $1',
      [brandId],
    );
    expect(rows[0]?.name).toBe('Acme');
  });

  it('exports NDJSON envelopes, filtered by brand and by position', async () => {
    const all = await brandctl(['events', 'export', '--brand', brandId]);
    expect(all.code).toBe(0);
    const lines = all.stdout
      .trim()
      .split('\n')
      .map((line) => json<{ position: number; type: string; metadata: { brandId: string } }>(line));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.every((line) => line.metadata.brandId === brandId)).toBe(true);
    const since = await brandctl([
      'events',
      'export',
      '--brand',
      brandId,
      '--since',
      String(beforeDelete),
    ]);
    const later = since.stdout
      .trim()
      .split('\n')
      .map((line) => json<{ type: string }>(line));
    // The delete also released the product's store id: both happened after that position.
    expect(later.map((line) => line.type).sort()).toEqual(['ProductDeleted', 'StoreIdReleased']);
  });
});
