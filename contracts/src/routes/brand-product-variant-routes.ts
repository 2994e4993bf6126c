import { BulkSyncResponse } from '../requests/bulk-sync';
import { IdParams, SuccessResponse } from '../requests/common';
import {
  BrandProductVariantList,
  BrandProductVariantResponse,
  BulkBrandProductVariantsBody,
  CreateBrandProductVariantBody,
  ListBrandProductVariantsQuery,
  UpdateBrandProductVariantBody,
} from '../requests/brand-product-variants';
import { defineRoute } from './route-definition';
import { routeErrors } from './route-errors';

const tag = 'Brand product variants';

export const brandProductVariantRoutes = {
  listBrandProductVariants: defineRoute({
    operationId: 'listBrandProductVariants',
    method: 'get',
    path: '/brand-product-variants',
    summary: 'List brand product variants',
    description:
      'Pages through the brand’s variants in a stable order, optionally those of one product (by `productId` or `productStoreId`). Pass `nextCursor` as `cursor` to get the next page.',
    tag,
    scope: 'brand_products:read',
    query: ListBrandProductVariantsQuery,
    successStatus: 200,
    response: BrandProductVariantList,
    errors: routeErrors({ validated: true }),
  }),
  createBrandProductVariant: defineRoute({
    operationId: 'createBrandProductVariant',
    method: 'post',
    path: '/brand-product-variants',
    summary: 'Create a brand product variant',
    description:
      'Creates a variant of the product whose store id is `productStoreId` (400 naming the field when there is none). Its `storeId` must be unique among the brand’s variants (409 `CONFLICT` otherwise).',
    tag,
    scope: 'brand_products:write',
    body: CreateBrandProductVariantBody,
    successStatus: 201,
    location: '/api/v1/brand-product-variants/{id}',
    response: BrandProductVariantResponse,
    versioned: true,
    errors: routeErrors({ writes: true, body: true, unique: true }),
  }),
  getBrandProductVariant: defineRoute({
    operationId: 'getBrandProductVariant',
    method: 'get',
    path: '/brand-product-variants/{id}',
    summary: 'Get a brand product variant',
    description: 'Fetches one variant by id.',
    tag,
    scope: 'brand_products:read',
    params: IdParams,
    successStatus: 200,
    response: BrandProductVariantResponse,
    versioned: true,
    errors: routeErrors({ validated: true, byId: true }),
  }),
  updateBrandProductVariant: defineRoute({
    operationId: 'updateBrandProductVariant',
    method: 'patch',
    path: '/brand-product-variants/{id}',
    summary: 'Update a brand product variant',
    description:
      'Changes the given fields only; `null` clears a nullable field. `storeId` cannot change; a new `productStoreId` moves the variant to that product.',
    tag,
    scope: 'brand_products:write',
    params: IdParams,
    body: UpdateBrandProductVariantBody,
    successStatus: 200,
    response: BrandProductVariantResponse,
    versioned: true,
    errors: routeErrors({ ifMatch: true, writes: true, body: true, byId: true }),
  }),
  deleteBrandProductVariant: defineRoute({
    operationId: 'deleteBrandProductVariant',
    method: 'delete',
    path: '/brand-product-variants/{id}',
    summary: 'Delete a brand product variant',
    description: 'Deletes the variant. Its store id can be used again afterwards.',
    tag,
    scope: 'brand_products:write',
    params: IdParams,
    successStatus: 200,
    response: SuccessResponse,
    versioned: true,
    errors: routeErrors({ ifMatch: true, writes: true, validated: true, byId: true }),
  }),
  bulkBrandProductVariants: defineRoute({
    operationId: 'bulkBrandProductVariants',
    method: 'post',
    path: '/brand-product-variants/bulk',
    summary: 'Bulk upsert and delete brand product variants',
    description:
      'Creates or updates (by `storeId`) up to 100 variants and deletes up to 100 by store id. The whole body is validated before anything is written: an invalid record answers 400 naming its index and writes nothing. Repeating a call gives the same end state. The answer counts what the call did: `created`, `updated`, `unchanged` (an upsert equal to what is stored), `deleted` and `notFound` (a store id to delete that the brand does not have). Limited to 10 calls per minute per brand.',
    tag,
    scope: 'brand_products:write',
    body: BulkBrandProductVariantsBody,
    successStatus: 200,
    response: BulkSyncResponse,
    errors: routeErrors({ writes: true, body: true, rateLimited: true }),
    rateLimit: 'bulk',
  }),
} as const;
