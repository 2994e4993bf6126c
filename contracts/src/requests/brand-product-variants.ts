import { Type, type Static } from 'typebox';
import { BrandProductVariant, brandProductVariantFields } from '../entities/brand-product-variant';
import { exampled, StoreId, Uuid } from '../primitives';
import { bulkSyncBody } from './bulk-sync';
import { DataResponse, ListResponse, PageQuery, UpdatedAfter } from './common';

export const ListBrandProductVariantsQuery = PageQuery('cursor', {
  productId: Type.Optional(
    Uuid({
      description: 'Only variants of this product.',
      examples: ['9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b'],
    }),
  ),
  productStoreId: Type.Optional(
    StoreId({
      description: 'Only variants of the product with this store id.',
      examples: ['gid://shopify/Product/8123456789'],
    }),
  ),
  updatedAfter: Type.Optional(UpdatedAfter()),
});
export type ListBrandProductVariantsQuery = Static<typeof ListBrandProductVariantsQuery>;

const { storeId, productStoreId, title, position, ...optionalVariantFields } =
  brandProductVariantFields;

/** storeId, productStoreId, title and position are required on create. */
export const CreateBrandProductVariantBody = exampled(
  Type.Object(
    {
      storeId,
      productStoreId,
      title,
      position,
      ...Type.Partial(Type.Object(optionalVariantFields)).properties,
    },
    {
      $id: 'CreateBrandProductVariantBody',
      title: 'New brand product variant',
      description: 'The parent product is found by productStoreId and must exist.',
      additionalProperties: false,
    },
  ),
  {
    storeId: 'gid://shopify/ProductVariant/44123456789',
    productStoreId: 'gid://shopify/Product/8123456789',
    title: 'EU 42 / Forest green',
    position: 1,
    barcode: '4006381333931',
    sku: 'TR2-42-GRN',
    priceCents: 12900,
    currency: 'EUR',
  },
);
export type CreateBrandProductVariantBody = Static<typeof CreateBrandProductVariantBody>;

/** Every variant field except storeId; moving to another product changes productStoreId. */
export const UpdateBrandProductVariantBody = exampled(
  Type.Partial(Type.Object({ productStoreId, title, position, ...optionalVariantFields }), {
    $id: 'UpdateBrandProductVariantBody',
    title: 'Brand product variant changes',
    description:
      'Absent fields are unchanged; null clears a nullable field. storeId cannot change.',
    additionalProperties: false,
  }),
  { priceCents: 9900, sku: null },
);
export type UpdateBrandProductVariantBody = Static<typeof UpdateBrandProductVariantBody>;

export const BulkBrandProductVariantsBody = bulkSyncBody(CreateBrandProductVariantBody, {
  $id: 'BulkBrandProductVariantsBody',
  title: 'Brand product variants bulk sync',
  upserts: 'Variants to create, or to update when their storeId exists.',
  deletes: 'Store ids of variants to delete.',
  deletedStoreId: 'gid://shopify/ProductVariant/44000000001',
});
export type BulkBrandProductVariantsBody = Static<typeof BulkBrandProductVariantsBody>;

export const BrandProductVariantResponse = DataResponse(
  BrandProductVariant,
  'BrandProductVariantResponse',
);
export type BrandProductVariantResponse = Static<typeof BrandProductVariantResponse>;

export const BrandProductVariantList = ListResponse(BrandProductVariant, 'BrandProductVariantList');
export type BrandProductVariantList = Static<typeof BrandProductVariantList>;
