import { variantDecider } from './index';
import type { NewVariant, ParentProduct, VariantCommand, VariantEvent } from './index';
import { DeciderSpecification } from '../testing/decider-specification';

const variantId = '7b000000-0000-4000-8000-000000000001';
const parent: ParentProduct = { productId: '7a000000-0000-4000-8000-000000000001', storeId: 'P-1' };
const otherParent: ParentProduct = {
  productId: '7a000000-0000-4000-8000-000000000002',
  storeId: 'P-2',
};
const created = '2025-03-01T10:00:00.000Z';
const later = '2025-03-02T10:00:00.000Z';

const newVariant = {
  storeId: 'V-1',
  productStoreId: 'P-1',
  title: 'EU 42',
  position: 1,
  sku: 'TR-42',
  priceCents: 12900,
  currency: 'EUR',
} satisfies NewVariant;

const given = DeciderSpecification.for(variantDecider);

const variantCreated: VariantEvent = {
  type: 'VariantCreated',
  schemaVersion: 1,
  // The new variant's fields, with null for those it left out.
  data: {
    variantId,
    productId: parent.productId,
    ...newVariant,
    barcode: null,
    imageUrl: null,
    imageWidth: null,
    imageHeight: null,
    createdAt: created,
  },
};

const create = (p: ParentProduct | null): VariantCommand => ({
  type: 'CreateVariant',
  data: { variantId, variant: newVariant, parent: p, now: created },
});

describe('Variant decider', () => {
  it('creates a variant of the resolved parent, absent nullable fields as null', () => {
    given([]).when(create(parent)).then([variantCreated]);
  });

  it('refuses a productStoreId that names no product, naming the field', () => {
    given([])
      .when(create(null))
      .thenThrows({
        rule: 'invalid',
        problems: [expect.objectContaining({ path: ['productStoreId'] })],
      });
  });

  it('records only changed fields; null clears', () => {
    given([variantCreated])
      .when({
        type: 'UpdateVariant',
        data: { variantId, changes: { sku: null, title: 'EU 42', priceCents: 9900 }, now: later },
      })
      .then([
        {
          type: 'VariantUpdated',
          schemaVersion: 1,
          data: { variantId, changes: { sku: null, priceCents: 9900 }, updatedAt: later },
        },
      ]);
  });

  it('moves to another product with a new productStoreId, carrying the resolved productId', () => {
    given([variantCreated])
      .when({
        type: 'UpdateVariant',
        data: { variantId, changes: { productStoreId: 'P-2' }, parent: otherParent, now: later },
      })
      .then([
        {
          type: 'VariantUpdated',
          schemaVersion: 1,
          data: {
            variantId,
            changes: { productStoreId: 'P-2', productId: otherParent.productId },
            updatedAt: later,
          },
        },
      ]);
  });

  it('refuses to move to a product that does not exist', () => {
    given([variantCreated])
      .when({
        type: 'UpdateVariant',
        data: { variantId, changes: { productStoreId: 'P-9' }, parent: null, now: later },
      })
      .thenThrows({ rule: 'invalid' });
  });

  it('records nothing when the productStoreId is its own', () => {
    given([variantCreated])
      .when({
        type: 'UpdateVariant',
        data: { variantId, changes: { productStoreId: 'P-1' }, parent, now: later },
      })
      .thenNothingHappened();
  });

  it('deletes with the reason, and a deleted variant is not found', () => {
    const deleted: VariantEvent = {
      type: 'VariantDeleted',
      schemaVersion: 1,
      data: { variantId, productId: parent.productId, storeId: 'V-1', reason: 'productDeleted' },
    };
    given([variantCreated])
      .when({
        type: 'DeleteVariant',
        data: { variantId, reason: 'productDeleted' },
      })
      .then([deleted]);
    given([variantCreated, deleted])
      .when({
        type: 'DeleteVariant',
        data: { variantId, reason: 'deleted' },
      })
      .thenThrows({ rule: 'not-found' });
    given([])
      .when({
        type: 'UpdateVariant',
        data: { variantId, changes: { title: 'x' }, now: later },
      })
      .thenThrows({ rule: 'not-found' });
  });
});
