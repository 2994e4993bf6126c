import { Type, type Static } from 'typebox';
import { BrandProduct, brandProductFields } from '../entities/brand-product';
import { exampled, exampleOf, StoreId } from '../primitives';
import { Cursor, DataResponse, Limit, ListResponse, UpdatedAfter } from './common';

export const BULK_RECORDS_MAX = 100;

export const ListBrandProductsQuery = Type.Object(
  { limit: Limit(), cursor: Type.Optional(Cursor()), updatedAfter: Type.Optional(UpdatedAfter()) },
  { additionalProperties: false },
);
export type ListBrandProductsQuery = Static<typeof ListBrandProductsQuery>;

/** Every field is required on create (SPEC §5); image fields may be null. */
export const CreateBrandProductBody = exampled(
  Type.Object(brandProductFields, {
    $id: 'CreateBrandProductBody',
    title: 'New brand product',
    additionalProperties: false,
  }),
  {
    storeId: 'gid://shopify/Product/8123456789',
    title: 'Trail Runner 2',
    description: 'A light trail shoe with a grippy sole.',
    imageUrl: 'https://cdn.example.com/products/trail-runner-2.jpg',
    imageWidth: 1200,
    imageHeight: 800,
    onlineStoreUrl: 'https://shop.example.com/products/trail-runner-2',
  },
);
export type CreateBrandProductBody = Static<typeof CreateBrandProductBody>;

const { storeId: _omitStoreId, ...updatableProductFields } = brandProductFields;

/** Partial: an absent field is unchanged, `null` clears a nullable one; storeId never changes. */
export const UpdateBrandProductBody = exampled(
  Type.Partial(Type.Object(updatableProductFields), {
    $id: 'UpdateBrandProductBody',
    title: 'Brand product changes',
    additionalProperties: false,
  }),
  { title: 'Trail Runner 2 (2025 edition)', imageUrl: null, imageWidth: null, imageHeight: null },
);
export type UpdateBrandProductBody = Static<typeof UpdateBrandProductBody>;

export const BulkBrandProductsBody = exampled(
  Type.Object(
    {
      upsertRecords: Type.Optional(
        Type.Array(CreateBrandProductBody, {
          maxItems: BULK_RECORDS_MAX,
          description: 'Products to create, or to update when their storeId exists.',
        }),
      ),
      deleteRecords: Type.Optional(
        Type.Array(StoreId(), {
          maxItems: BULK_RECORDS_MAX,
          uniqueItems: true,
          description: 'Store ids of products to delete, with their variants.',
        }),
      ),
    },
    {
      $id: 'BulkBrandProductsBody',
      title: 'Brand products bulk sync',
      description: `At most ${BULK_RECORDS_MAX} records per list; the whole body is validated before anything is written.`,
      minProperties: 1,
      additionalProperties: false,
    },
  ),
  {
    upsertRecords: [exampleOf(CreateBrandProductBody)],
    deleteRecords: ['gid://shopify/Product/8000000001'],
  },
);
export type BulkBrandProductsBody = Static<typeof BulkBrandProductsBody>;

export const BrandProductResponse = DataResponse(BrandProduct, 'BrandProductResponse');
export type BrandProductResponse = Static<typeof BrandProductResponse>;

export const BrandProductList = ListResponse(BrandProduct, 'BrandProductList');
export type BrandProductList = Static<typeof BrandProductList>;
