import type { ProductEvent, ProductUpdated } from '@brand-api/contracts';
import type { ActiveProduct, ProductChanges, ProductFields, ProductState } from './product';
import { existing, unreachable, assertNew } from '../errors';
import { changedFields } from './lifecycle';

type ImageField = 'imageUrl' | 'imageWidth' | 'imageHeight';

/** What a brand sends to create a product: the image fields may be left out (null). */
export type NewProduct = Omit<ProductFields, ImageField> & Partial<Pick<ProductFields, ImageField>>;

export interface CreateProduct {
  type: 'CreateProduct';
  /** `now` is the command's time (ISO 8601): deciders never read a clock. */
  data: { productId: string; product: NewProduct; now: string };
}

/** Partial: an absent field is unchanged, `null` clears a nullable one. */
export interface UpdateProduct {
  type: 'UpdateProduct';
  data: { productId: string; changes: ProductChanges; now: string };
}

export interface DeleteProduct {
  type: 'DeleteProduct';
  data: { productId: string };
}

export type ProductCommand = CreateProduct | UpdateProduct | DeleteProduct;

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct': {
      assertNew(state, 'A product with this id already exists');
      const { productId, product, now } = command.data;
      return [
        {
          type: 'ProductCreated',
          schemaVersion: 1,
          data: { productId, ...withImage(product), createdAt: now },
        },
      ];
    }
    case 'UpdateProduct':
      return updateProduct(command, activeProduct(state));
    case 'DeleteProduct': {
      const product = activeProduct(state);
      return [
        {
          type: 'ProductDeleted',
          schemaVersion: 1,
          data: { productId: product.id, storeId: product.fields.storeId },
        },
      ];
    }
    default:
      return unreachable(command);
  }
}

/** Records only the fields whose value differs; an update that changes nothing records nothing. */
function updateProduct(command: UpdateProduct, product: ActiveProduct): ProductUpdated[] {
  const changes = changedFields(product.fields, command.data.changes);
  if (changes === undefined) return [];
  return [
    {
      type: 'ProductUpdated',
      schemaVersion: 1,
      data: { productId: product.id, changes, updatedAt: command.data.now },
    },
  ];
}

/** A product's full fields: an image field left out is null. */
export function withImage(product: NewProduct): ProductFields {
  return {
    ...product,
    imageUrl: product.imageUrl ?? null,
    imageWidth: product.imageWidth ?? null,
    imageHeight: product.imageHeight ?? null,
  };
}

function activeProduct(state: ProductState): ActiveProduct {
  return existing(state);
}
