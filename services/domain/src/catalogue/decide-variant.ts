import type { VariantDeleted, VariantEvent, VariantUpdated } from '@brand-api/contracts';
import { changedFields } from './lifecycle';
import type { ActiveVariant, VariantChanges, VariantFields, VariantState } from './variant';
import { existing, invalid, unreachable, assertNew } from '../errors';

/** The product a variant belongs to, as resolved from a productStoreId (null: none has it). */
export interface ParentProduct {
  productId: string;
  storeId: string;
}

type NullableVariantField =
  'barcode' | 'sku' | 'priceCents' | 'currency' | 'imageUrl' | 'imageWidth' | 'imageHeight';

/** What a brand sends to create a variant: the nullable fields may be left out (null). */
export type NewVariant = Omit<VariantFields, 'productId' | NullableVariantField> &
  Partial<Pick<VariantFields, NullableVariantField>>;

/** Changes a brand asks for: any field but storeId and productId (which follows productStoreId). */
export type VariantChangeRequest = Omit<VariantChanges, 'productId'>;

export interface CreateVariant {
  type: 'CreateVariant';
  data: { variantId: string; variant: NewVariant; parent: ParentProduct | null; now: string };
}

export interface UpdateVariant {
  type: 'UpdateVariant';
  /** `parent` is the product `changes.productStoreId` resolved to, when that field is given. */
  data: {
    variantId: string;
    changes: VariantChangeRequest;
    parent?: ParentProduct | null;
    now: string;
  };
}

export interface DeleteVariant {
  type: 'DeleteVariant';
  data: { variantId: string; reason: VariantDeleted['data']['reason'] };
}

export type VariantCommand = CreateVariant | UpdateVariant | DeleteVariant;

export function decideVariant(command: VariantCommand, state: VariantState): VariantEvent[] {
  switch (command.type) {
    case 'CreateVariant': {
      assertNew(state, 'A variant with this id already exists');
      const { variantId, variant, now } = command.data;
      const parent = requireParent(command.data.parent, variant.productStoreId);
      const fields: VariantFields = {
        storeId: variant.storeId,
        productStoreId: parent.storeId,
        title: variant.title,
        position: variant.position,
        barcode: variant.barcode ?? null,
        sku: variant.sku ?? null,
        priceCents: variant.priceCents ?? null,
        currency: variant.currency ?? null,
        imageUrl: variant.imageUrl ?? null,
        imageWidth: variant.imageWidth ?? null,
        imageHeight: variant.imageHeight ?? null,
        productId: parent.productId,
      };
      return [
        {
          type: 'VariantCreated',
          schemaVersion: 1,
          data: { variantId, ...fields, createdAt: now },
        },
      ];
    }
    case 'UpdateVariant':
      return updateVariant(command, activeVariant(state));
    case 'DeleteVariant': {
      const variant = activeVariant(state);
      return [
        {
          type: 'VariantDeleted',
          schemaVersion: 1,
          data: {
            variantId: variant.id,
            productId: variant.fields.productId,
            storeId: variant.fields.storeId,
            reason: command.data.reason,
          },
        },
      ];
    }
    default:
      return unreachable(command);
  }
}

/** A new productStoreId moves the variant: the event carries the productId it resolved to. */
function updateVariant(command: UpdateVariant, variant: ActiveVariant): VariantUpdated[] {
  const { changes: requested, now } = command.data;
  const parent =
    requested.productStoreId === undefined
      ? undefined
      : requireParent(command.data.parent ?? null, requested.productStoreId);
  const full: VariantChanges =
    parent === undefined
      ? requested
      : { ...requested, productStoreId: parent.storeId, productId: parent.productId };
  const changes = changedFields<VariantChanges>(variant.fields, full);
  if (changes === undefined) return [];
  return [
    {
      type: 'VariantUpdated',
      schemaVersion: 1,
      data: { variantId: variant.id, changes, updatedAt: now },
    },
  ];
}

function requireParent(parent: ParentProduct | null, productStoreId: string): ParentProduct {
  if (parent === null || parent.storeId !== productStoreId) {
    throw invalid(
      ['productStoreId'],
      'names no product of this brand',
      `No product has the store id '${productStoreId}'`,
    );
  }
  return parent;
}

function activeVariant(state: VariantState): ActiveVariant {
  return existing(state);
}
