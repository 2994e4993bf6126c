import {
  BrandProductVariantList,
  BrandProductVariantResponse,
  BulkBrandProductVariantsBody,
  CreateBrandProductVariantBody,
  ListBrandProductVariantsQuery,
  UpdateBrandProductVariantBody,
} from '../requests/brand-product-variants';
import { byOperationId, resourceRoutes } from './resource-routes';

const variants = resourceRoutes({
  tag: 'Brand product variants',
  path: '/brand-product-variants',
  noun: 'brand product variant',
  read: 'brand_products:read',
  write: 'brand_products:write',
});

export const brandProductVariantRoutes = byOperationId(
  variants.list({
    operationId: 'listBrandProductVariants',
    description:
      'Pages through the brand’s variants in a stable order, optionally those of one product (by `productId` or `productStoreId`). Pass `nextCursor` as `cursor` to get the next page.',
    query: ListBrandProductVariantsQuery,
    response: BrandProductVariantList,
  }),
  variants.create({
    operationId: 'createBrandProductVariant',
    description:
      'Creates a variant of the product whose store id is `productStoreId` (400 naming the field when there is none). Its `storeId` must be unique among the brand’s variants (409 `CONFLICT` otherwise).',
    body: CreateBrandProductVariantBody,
    response: BrandProductVariantResponse,
    unique: true,
  }),
  variants.get({
    operationId: 'getBrandProductVariant',
    description: 'Fetches one variant by id.',
    response: BrandProductVariantResponse,
  }),
  variants.update({
    operationId: 'updateBrandProductVariant',
    description:
      'Changes the given fields only; `null` clears a nullable field. `storeId` cannot change; a new `productStoreId` moves the variant to that product.',
    body: UpdateBrandProductVariantBody,
    response: BrandProductVariantResponse,
  }),
  variants.delete({
    operationId: 'deleteBrandProductVariant',
    description: 'Deletes the variant. Its store id can be used again afterwards.',
  }),
  variants.bulk({
    operationId: 'bulkBrandProductVariants',
    description:
      'Creates or updates (by `storeId`) up to 100 variants and deletes up to 100 by store id. The whole body is validated before anything is written: an invalid record answers 400 naming its index and writes nothing. Repeating a call gives the same end state. The answer counts what the call did: `created`, `updated`, `unchanged` (an upsert equal to what is stored), `deleted` and `notFound` (a store id to delete that the brand does not have). Limited to 10 calls per minute per brand.',
    body: BulkBrandProductVariantsBody,
  }),
);
