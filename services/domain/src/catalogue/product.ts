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

export type { ProductCreated, ProductDeleted, ProductEvent, ProductUpdated };

/** What a brand sets on a product: storeId plus the changeable fields. */
export type ProductFields = Omit<ProductCreated['data'], 'productId' | 'createdAt'>;
/** Every field but storeId, which never changes. */
export type ProductChanges = ProductUpdated['data']['changes'];

export type ProductState =
  | { status: 'absent' }
  | {
      status: 'active';
      id: string;
      fields: ProductFields;
      createdAt: string;
      updatedAt: string;
    }
  | { status: 'deleted'; id: string; storeId: string };

export type ActiveProduct = Extract<ProductState, { status: 'active' }>;

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId, createdAt, ...fields } = event.data;
      return { status: 'active', id: productId, fields, createdAt, updatedAt: createdAt };
    }
    case 'ProductUpdated':
      if (state.status !== 'active') return state;
      return {
        ...state,
        fields: { ...state.fields, ...event.data.changes },
        updatedAt: event.data.updatedAt,
      };
    case 'ProductDeleted':
      return { status: 'deleted', id: event.data.productId, storeId: event.data.storeId };
    default:
      return unreachable(event);
  }
}
