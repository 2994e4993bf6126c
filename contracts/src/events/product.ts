import { type Static } from 'typebox';
import { brandProductFields } from '../entities/brand-product';
import { DateTime, Uuid } from '../primitives';
import { changesOf, defineEvent } from './define-event';

const { storeId, ...changeableFields } = brandProductFields;

export const ProductCreated = defineEvent('ProductCreated', 'A brand added a catalogue product.', {
  productId: Uuid(),
  ...brandProductFields,
  createdAt: DateTime(),
});
export type ProductCreated = Static<typeof ProductCreated>;

/** storeId never changes: it is the product's identity in the brand's store. */
export const ProductUpdated = defineEvent('ProductUpdated', 'A brand changed a product.', {
  productId: Uuid(),
  changes: changesOf(changeableFields),
  updatedAt: DateTime(),
});
export type ProductUpdated = Static<typeof ProductUpdated>;

/** Its variants are deleted too, each by its own VariantDeleted event. */
export const ProductDeleted = defineEvent('ProductDeleted', 'A brand deleted a product.', {
  productId: Uuid(),
  storeId,
});
export type ProductDeleted = Static<typeof ProductDeleted>;

export type ProductEvent = ProductCreated | ProductUpdated | ProductDeleted;
