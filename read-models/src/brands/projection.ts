import type { ApiKeyEvent, BrandEvent } from '@brand-api/contracts';
import { rowInsert } from '@brand-api/event-store';
import type { CommandMetadata, Projection, Queryable } from '@brand-api/event-store';
import type { RecordedEvent, SqlStatement } from '@brand-api/event-store';

type BrandsEvent = BrandEvent | ApiKeyEvent;

const handles = [
  'BrandCreated',
  'BrandUpdated',
  'ApiKeyIssued',
  'ApiKeyRevoked',
] as const satisfies readonly BrandsEvent['type'][];

const insertBrand = rowInsert({
  into: 'brands',
  columns: ['id', 'name', 'custom_auth_enabled', 'created_at', 'updated_at'],
  skipConflictsOn: ['id'],
});

const insertApiKey = rowInsert({
  into: 'api_keys',
  columns: ['id', 'brand_id', 'name', 'scopes', 'key_hash', 'key_prefix', 'created_at'],
  skipConflictsOn: ['id'],
});

/**
 * Brands and API keys as read tables. Every statement is an upsert or a guarded update, so
 * applying an event twice leaves the same rows (the runner may replay after a crash).
 */
export const brandsProjection = {
  name: 'brands',
  version: 1,
  handles: [...handles],
  async reset(tx: Queryable) {
    await tx.query('DELETE FROM api_keys');
    await tx.query('DELETE FROM brands');
  },
  apply(event: RecordedEvent<BrandsEvent, CommandMetadata>): SqlStatement[] {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'BrandCreated':
        return [
          insertBrand.row({
            id: event.data.brandId,
            name: event.data.name,
            custom_auth_enabled: event.data.customAuthEnabled,
            created_at: at,
            updated_at: at,
          }),
        ];
      case 'BrandUpdated':
        return [
          {
            text: `UPDATE brands
                   SET name = COALESCE($2, name),
                       custom_auth_enabled = COALESCE($3, custom_auth_enabled),
                       updated_at = $4
                   WHERE id = $1`,
            params: [
              event.data.brandId,
              event.data.changes.name ?? null,
              event.data.changes.customAuthEnabled ?? null,
              at,
            ],
          },
        ];
      case 'ApiKeyIssued':
        return [
          insertApiKey.row({
            id: event.data.apiKeyId,
            brand_id: event.data.brandId,
            name: event.data.name,
            scopes: event.data.scopes,
            key_hash: event.data.keyHash,
            key_prefix: event.data.keyPrefix,
            created_at: at,
          }),
        ];
      case 'ApiKeyRevoked':
        return [
          {
            text: `UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`,
            params: [event.data.apiKeyId, at],
          },
        ];
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
} satisfies Projection<BrandsEvent, CommandMetadata>;
