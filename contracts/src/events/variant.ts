import { Type, type Static } from 'typebox';
import { brandProductVariantFields } from '../entities/brand-product-variant';
import { DateTime, Uuid } from '../primitives';
import { changesOf, defineEvent } from './define-event';

const { storeId, ...changeableFields } = brandProductVariantFields;

export const VariantCreated = defineEvent('VariantCreated', 'A brand added a product variant.', {
  variantId: Uuid(),
  productId: Uuid({ description: 'The parent, resolved from productStoreId when created.' }),
  ...brandProductVariantFields,
  createdAt: DateTime(),
});
export type VariantCreated = Static<typeof VariantCreated>;

/**
 * storeId never changes. A variant moved to another product carries both its new
 * productStoreId and the productId it resolved to.
 */
export const VariantUpdated = defineEvent('VariantUpdated', 'A brand changed a variant.', {
  variantId: Uuid(),
  changes: changesOf({ ...changeableFields, productId: Uuid() }),
  updatedAt: DateTime(),
});
export type VariantUpdated = Static<typeof VariantUpdated>;

export const VariantDeleted = defineEvent(
  'VariantDeleted',
  'A variant was deleted, by the brand or because its product was deleted.',
  {
    variantId: Uuid(),
    productId: Uuid(),
    storeId,
    reason: Type.Enum(['deleted', 'productDeleted']),
  },
);
export type VariantDeleted = Static<typeof VariantDeleted>;

export type VariantEvent = VariantCreated | VariantUpdated | VariantDeleted;
