import { BulkSyncResponse } from '../requests/bulk-sync';
import { IdParams, SuccessResponse } from '../requests/common';
import {
  BrandProductList,
  BrandProductResponse,
  BulkBrandProductsBody,
  CreateBrandProductBody,
  ListBrandProductsQuery,
  UpdateBrandProductBody,
} from '../requests/brand-products';
import { defineRoute } from './route-definition';
import { routeErrors } from './route-errors';

const tag = 'Brand products';

export const brandProductRoutes = {
  listBrandProducts: defineRoute({
    operationId: 'listBrandProducts',
    method: 'get',
    path: '/brand-products',
    summary: 'List brand products',
    description:
      'Pages through the brand’s products in a stable order. Pass `nextCursor` as `cursor` to get the next page; use `updatedAfter` for incremental syncs.',
    tag,
    scope: 'brand_products:read',
    query: ListBrandProductsQuery,
    successStatus: 200,
    response: BrandProductList,
    errors: routeErrors({ validated: true }),
  }),
  createBrandProduct: defineRoute({
    operationId: 'createBrandProduct',
    method: 'post',
    path: '/brand-products',
    summary: 'Create a brand product',
    description:
      'Creates a product. Its `storeId` must be unique within the brand (409 `CONFLICT` otherwise). The image fields (`imageUrl`, `imageWidth`, `imageHeight`) may be left out, which is the same as `null`. A GET right after the response sees the product.',
    tag,
    scope: 'brand_products:write',
    body: CreateBrandProductBody,
    successStatus: 201,
    location: '/api/v1/brand-products/{id}',
    response: BrandProductResponse,
    versioned: true,
    errors: routeErrors({ writes: true, body: true, unique: true }),
  }),
  getBrandProduct: defineRoute({
    operationId: 'getBrandProduct',
    method: 'get',
    path: '/brand-products/{id}',
    summary: 'Get a brand product',
    description: 'Fetches one product by id.',
    tag,
    scope: 'brand_products:read',
    params: IdParams,
    successStatus: 200,
    response: BrandProductResponse,
    versioned: true,
    errors: routeErrors({ validated: true, byId: true }),
  }),
  updateBrandProduct: defineRoute({
    operationId: 'updateBrandProduct',
    method: 'patch',
    path: '/brand-products/{id}',
    summary: 'Update a brand product',
    description:
      'Changes the given fields only; `null` clears a nullable field. `storeId` cannot change.',
    tag,
    scope: 'brand_products:write',
    params: IdParams,
    body: UpdateBrandProductBody,
    successStatus: 200,
    response: BrandProductResponse,
    versioned: true,
    errors: routeErrors({ ifMatch: true, writes: true, body: true, byId: true }),
  }),
  deleteBrandProduct: defineRoute({
    operationId: 'deleteBrandProduct',
    method: 'delete',
    path: '/brand-products/{id}',
    summary: 'Delete a brand product',
    description:
      'Deletes the product and all its variants. Its store id (and theirs) can be used again afterwards.',
    tag,
    scope: 'brand_products:write',
    params: IdParams,
    successStatus: 200,
    response: SuccessResponse,
    versioned: true,
    errors: routeErrors({ ifMatch: true, writes: true, validated: true, byId: true }),
  }),
  bulkBrandProducts: defineRoute({
    operationId: 'bulkBrandProducts',
    method: 'post',
    path: '/brand-products/bulk',
    summary: 'Bulk upsert and delete brand products',
    description:
      'Creates or updates (by `storeId`) up to 100 products and deletes up to 100 by store id, with their variants. The whole body is validated before anything is written: an invalid record answers 400 naming its index and writes nothing. Repeating a call gives the same end state. The answer counts what the call did: `created`, `updated`, `unchanged` (an upsert equal to what is stored), `deleted` and `notFound` (a store id to delete that the brand does not have). Limited to 10 calls per minute per brand.',
    tag,
    scope: 'brand_products:write',
    body: BulkBrandProductsBody,
    successStatus: 200,
    response: BulkSyncResponse,
    errors: routeErrors({ writes: true, body: true, rateLimited: true }),
    rateLimit: 'bulk',
  }),
} as const;
