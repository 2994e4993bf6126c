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

export type { VariantCreated, VariantDeleted, VariantEvent, VariantUpdated };

/** Every field of a variant that is not its id or a timestamp, productId included. */
export type VariantFields = Omit<VariantCreated['data'], 'variantId' | 'createdAt'>;
export type VariantChanges = VariantUpdated['data']['changes'];

export type VariantState =
  | { status: 'absent' }
  | {
      status: 'active';
      id: string;
      fields: VariantFields;
      createdAt: string;
      updatedAt: string;
    }
  | { status: 'deleted'; id: string; storeId: string; productId: string };

export type ActiveVariant = Extract<VariantState, { status: 'active' }>;

export function evolveVariant(state: VariantState, event: VariantEvent): VariantState {
  switch (event.type) {
    case 'VariantCreated': {
      const { variantId, createdAt, ...fields } = event.data;
      return { status: 'active', id: variantId, fields, createdAt, updatedAt: createdAt };
    }
    case 'VariantUpdated':
      if (state.status !== 'active') return state;
      return {
        ...state,
        fields: { ...state.fields, ...event.data.changes },
        updatedAt: event.data.updatedAt,
      };
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
