/**
 * The Product aggregate: one catalogue product of a brand, stream `product-<productId>`.
 * Its store id is held separately, by a store-id claim stream (see store-id-claim.ts).
 */
import type {
  ProductCreated,
  ProductDeleted,
  ProductEvent,
  ProductUpdated,
} from '@brand-api/contracts';
import { unreachable } from '../errors';
import { createdEntity, updatedEntity } from './lifecycle';
import type { ActiveCatalogueEntity, CatalogueEntityState } from './lifecycle';

export type { ProductCreated, ProductDeleted, ProductEvent, ProductUpdated };

/** What a brand sets on a product: storeId plus the changeable fields. */
export type ProductFields = Omit<ProductCreated['data'], 'productId' | 'createdAt'>;
/** Every field but storeId, which never changes. */
export type ProductChanges = ProductUpdated['data']['changes'];

/** A deleted product keeps its store id. */
export type ProductState = CatalogueEntityState<ProductFields, { storeId: string }>;

export type ActiveProduct = ActiveCatalogueEntity<ProductFields>;

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, createdAt, ...fields } = event.data;
      return createdEntity(productId, fields, createdAt);
    }
    case 'ProductUpdated':
      return updatedEntity(state, event.data.changes, event.data.updatedAt);
    case 'ProductDeleted':
      return { status: 'deleted', id: event.data.productId, storeId: event.data.storeId };
    default:
      return unreachable(event);
  }
}
