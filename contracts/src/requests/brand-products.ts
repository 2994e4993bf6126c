import { Type, type Static, type TSchema } from 'typebox';
import { BrandProduct, brandProductFields, productImageFields } from '../entities/brand-product';
import { exampled, exampleOf } from '../primitives';
import { bulkSyncBody } from './bulk-sync';
import { DataResponse, ListResponse, PageQuery, UpdatedAfter } from './common';

export const ListBrandProductsQuery = PageQuery('cursor', {
  updatedAfter: Type.Optional(UpdatedAfter()),
});
export type ListBrandProductsQuery = Static<typeof ListBrandProductsQuery>;

/** The product of the entity's example, as its brand sent it. */
function newProductExample() {
  const {
    id: _id,
    updatedAt: _updatedAt,
    createdAt: _createdAt,
    ...fields
  } = exampleOf(BrandProduct);
  return fields;
}

const {
  imageUrl: _imageUrl,
  imageWidth: _imageWidth,
  imageHeight: _imageHeight,
  ...requiredProductFields
} = brandProductFields;

/** An image field of a new product: null, or left out, which means null. */
function omittedMeansNull<T extends TSchema>(schema: T, description: string) {
  return Type.Optional(Object.assign(schema, { default: null, description }));
}

const images = productImageFields();

/**
 * storeId, title, description and onlineStoreUrl are required on create; the image fields may be
 * left out, which is the same as null (a product without an image needs no placeholders).
 */
export const CreateBrandProductBody = exampled(
  Type.Object(
    {
      ...requiredProductFields,
      imageUrl: omittedMeansNull(
        images.imageUrl,
        'Main product image; null or left out when the product has none.',
      ),
      imageWidth: omittedMeansNull(images.imageWidth, 'Image width in pixels; null or left out.'),
      imageHeight: omittedMeansNull(
        images.imageHeight,
        'Image height in pixels; null or left out.',
      ),
    },
    {
      $id: 'CreateBrandProductBody',
      title: 'New brand product',
      additionalProperties: false,
    },
  ),
  newProductExample(),
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

export const BulkBrandProductsBody = bulkSyncBody(CreateBrandProductBody, {
  $id: 'BulkBrandProductsBody',
  title: 'Brand products bulk sync',
  upserts: 'Products to create, or to update when their storeId exists.',
  deletes: 'Store ids of products to delete, with their variants.',
  deletedStoreId: 'gid://shopify/Product/8000000001',
});
export type BulkBrandProductsBody = Static<typeof BulkBrandProductsBody>;

export const BrandProductResponse = DataResponse(BrandProduct, 'BrandProductResponse');
export type BrandProductResponse = Static<typeof BrandProductResponse>;

export const BrandProductList = ListResponse(BrandProduct, 'BrandProductList');
export type BrandProductList = Static<typeof BrandProductList>;
