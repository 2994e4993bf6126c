/**
 * The Variant aggregate: a purchasable variant of a product, stream `variant-<variantId>`.
 * It knows its parent by id and by store id; its own store id is held by a claim stream.
 */
import type {
  VariantCreated,
  VariantDeleted,
  VariantEvent,
  VariantUpdated,
} from '@brand-api/contracts';
import { unreachable } from '../errors';
import { createdEntity, updatedEntity } from './lifecycle';
import type { ActiveCatalogueEntity, CatalogueEntityState } from './lifecycle';

export type { VariantCreated, VariantDeleted, VariantEvent, VariantUpdated };

/** Every field of a variant that is not its id or a timestamp, productId included. */
export type VariantFields = Omit<VariantCreated['data'], 'variantId' | 'createdAt'>;
export type VariantChanges = VariantUpdated['data']['changes'];

/** A deleted variant keeps its store id and the product it was under. */
export type VariantState = CatalogueEntityState<
  VariantFields,
  { storeId: string; productId: string }
>;

export type ActiveVariant = ActiveCatalogueEntity<VariantFields>;

export function evolveVariant(state: VariantState, event: VariantEvent): VariantState {
  switch (event.type) {
    case 'VariantCreated': {
      const { variantId, createdAt, ...fields } = event.data;
      return createdEntity(variantId, fields, createdAt);
    }
    case 'VariantUpdated':
      return updatedEntity(state, event.data.changes, event.data.updatedAt);
    case 'VariantDeleted':
      return {
        status: 'deleted',
        id: event.data.variantId,
        storeId: event.data.storeId,
        productId: event.data.productId,
      };
    default:
      return unreachable(event);
  }
}
