import { productDecider } from './index';
import type { ProductCommand, ProductEvent, ProductFields } from './index';
import { DeciderSpecification } from '../testing/decider-specification';

const productId = '7a000000-0000-4000-8000-000000000001';
const created = '2025-03-01T10:00:00.000Z';
const later = '2025-03-02T10:00:00.000Z';

const fields: ProductFields = {
  storeId: 'gid://shopify/Product/1',
  title: 'Trail Runner',
  description: 'A light shoe.',
  imageUrl: 'https://cdn.example.com/1.jpg',
  imageWidth: 1200,
  imageHeight: 800,
  onlineStoreUrl: 'https://shop.example.com/products/1',
};

/** given events / when command / then events (a thrown error is returned for assertions). */
const given = DeciderSpecification.for(productDecider);

const productCreated: ProductEvent = {
  type: 'ProductCreated',
  schemaVersion: 1,
  data: { productId, ...fields, createdAt: created },
};
const productDeleted: ProductEvent = {
  type: 'ProductDeleted',
  schemaVersion: 1,
  data: { productId, storeId: fields.storeId },
};
const update = (changes: Extract<ProductCommand, { type: 'UpdateProduct' }>['data']['changes']) =>
  ({ type: 'UpdateProduct', data: { productId, changes, now: later } }) as const;

describe('Product decider', () => {
  it('creates a product at the command time', () => {
    given([])
      .when({
        type: 'CreateProduct',
        data: { productId, product: fields, now: created },
      })
      .then([productCreated]);
  });

  it('refuses to create a product twice', () => {
    given([productCreated])
      .when({
        type: 'CreateProduct',
        data: { productId, product: fields, now: later },
      })
      .thenThrows({ rule: 'already-taken' });
  });

  it('records only the fields that change, null clearing a nullable one', () => {
    given([productCreated])
      .when(update({ title: 'Trail Runner 2', description: fields.description, imageUrl: null }))
      .then([
        {
          type: 'ProductUpdated',
          schemaVersion: 1,
          data: {
            productId,
            changes: { title: 'Trail Runner 2', imageUrl: null },
            updatedAt: later,
          },
        },
      ]);
  });

  it('records nothing when nothing changes', () => {
    given([productCreated])
      .when(update({ title: fields.title }))
      .thenNothingHappened();
    given([productCreated]).when(update({})).thenNothingHappened();
  });

  it('folds updates into the state the API answers with', () => {
    const updated: ProductEvent = {
      type: 'ProductUpdated',
      schemaVersion: 1,
      data: { productId, changes: { imageWidth: null, imageHeight: null }, updatedAt: later },
    };
    const state = [productCreated, updated].reduce(
      productDecider.evolve,
      productDecider.initialState(),
    );
    expect(state).toEqual({
      status: 'active',
      id: productId,
      fields: { ...fields, imageWidth: null, imageHeight: null },
      createdAt: created,
      updatedAt: later,
    });
  });

  it('deletes a product, naming its store id so the claim can be released', () => {
    given([productCreated])
      .when({ type: 'DeleteProduct', data: { productId } })
      .then([productDeleted]);
  });

  it.each<[string, ProductEvent[]]>([
    ['absent', []],
    ['deleted', [productCreated, productDeleted]],
  ])('refuses updates and deletes of a %s product as not found', (_, history) => {
    given(history)
      .when(update({ title: 'x' }))
      .thenThrows({
        rule: 'not-found',
      });
    given(history)
      .when({ type: 'DeleteProduct', data: { productId } })
      .thenThrows({ rule: 'not-found' });
  });
});
