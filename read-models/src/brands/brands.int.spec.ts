import type { DomainEvent, DomainEventType } from '@brand-api/contracts';
import type { RecordedEvent } from '@brand-api/event-store';
import type { EventDataByType } from '@brand-api/event-store/testing';
import { projectionSpec, useMigratedTestDatabase } from '@brand-api/event-store/testing';
import { brandsMigrations } from './migrations';
import { brandsProjection } from './projection';
import {
  findApiKeyCredential,
  getBrand,
  InvalidCursorError,
  listApiKeys,
  listBrands,
} from './queries';

jest.setTimeout(60_000);

const db = useMigratedTestDatabase(brandsMigrations);

const brandA = '00000000-0000-4000-8000-00000000000a';
const keyA = '00000000-0000-4000-8000-0000000000a1';

const spec = projectionSpec<DomainEvent>(brandsProjection, db);

const recorded = <T extends DomainEventType>(
  type: T,
  data: EventDataByType<DomainEvent>[T],
  occurredAt: string,
) => spec.recorded(type, data, { metadata: { occurredAt }, recordedAt: new Date(occurredAt) });

const given = (...events: RecordedEvent[]) => spec.given(...events);

describe('brands projection', () => {
  const created = recorded(
    'BrandCreated',
    { brandId: brandA, name: 'Acme', customAuthEnabled: false },
    '2025-03-01T10:00:00.000Z',
  );
  const issued = recorded(
    'ApiKeyIssued',
    {
      apiKeyId: keyA,
      brandId: brandA,
      name: 'CI',
      scopes: ['members:read', 'posts:read'],
      keyHash: 'b'.repeat(64),
      keyPrefix: 'bk_live_AbCd',
    },
    '2025-03-01T11:00:00.000Z',
  );

  it('builds a brand and its key, and applying the same events again changes nothing', async () => {
    await given(created, issued);
    await given(created, issued);
    expect(await getBrand(db(), brandA)).toEqual({
      id: brandA,
      name: 'Acme',
      customAuthEnabled: false,
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T10:00:00.000Z',
    });
    expect(await listApiKeys(db(), brandA)).toEqual([
      {
        id: keyA,
        brandId: brandA,
        name: 'CI',
        scopes: ['members:read', 'posts:read'],
        keyPrefix: 'bk_live_AbCd',
        createdAt: '2025-03-01T11:00:00.000Z',
        revokedAt: null,
      },
    ]);
    expect(await findApiKeyCredential(db(), 'b'.repeat(64))).toEqual({
      id: keyA,
      brandId: brandA,
      scopes: ['members:read', 'posts:read'],
      keyHash: 'b'.repeat(64),
      revoked: false,
      brandName: 'Acme',
      customAuthEnabled: false,
    });
  });

  it('applies only the changed fields of an update', async () => {
    await given(
      recorded(
        'BrandUpdated',
        { brandId: brandA, changes: { customAuthEnabled: true } },
        '2025-03-02T10:00:00.000Z',
      ),
    );
    expect(await getBrand(db(), brandA)).toMatchObject({
      name: 'Acme',
      customAuthEnabled: true,
      updatedAt: '2025-03-02T10:00:00.000Z',
    });
  });

  it('marks a revoked key and keeps the first revocation time', async () => {
    const revoked = recorded(
      'ApiKeyRevoked',
      { apiKeyId: keyA, brandId: brandA },
      '2025-03-03T10:00:00.000Z',
    );
    await given(revoked);
    await given({ ...revoked, metadata: { occurredAt: '2025-03-04T10:00:00.000Z' } });
    expect(await findApiKeyCredential(db(), 'b'.repeat(64))).toMatchObject({ revoked: true });
    expect(await listApiKeys(db(), brandA)).toEqual([
      expect.objectContaining({ revokedAt: '2025-03-03T10:00:00.000Z' }),
    ]);
  });

  it('is given the brand and key events only', () => {
    expect(brandsProjection.handles).not.toContain('ProductCreated');
  });
});

describe('listBrands', () => {
  it('walks every brand exactly once, in creation order, with an exact hasMore', async () => {
    const events = Array.from({ length: 24 }, (_, index) =>
      recorded(
        'BrandCreated',
        {
          brandId: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          name: `Brand ${index}`,
          customAuthEnabled: index % 2 === 0,
        },
        // Pairs share a timestamp so the id breaks the tie.
        new Date(Date.UTC(2025, 4, 1, 0, Math.floor(index / 2))).toISOString(),
      ),
    );
    await given(...events);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await listBrands(db(), { limit: 5, cursor });
      pages += 1;
      seen.push(...page.data.map((brand) => brand.id));
      if (!page.hasMore) {
        expect(page.nextCursor).toBeNull();
        break;
      }
      cursor = page.nextCursor ?? undefined;
    }
    const all = [brandA, ...events.map((event) => (event.data as { brandId: string }).brandId)];
    expect(seen).toEqual(all);
    expect(pages).toBe(5);
  });

  it('refuses a cursor it did not make', async () => {
    await expect(listBrands(db(), { limit: 5, cursor: 'bm9wZQ' })).rejects.toBeInstanceOf(
      InvalidCursorError,
    );
  });
});
