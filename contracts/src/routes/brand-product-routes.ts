import {
  BrandProductList,
  BrandProductResponse,
  BulkBrandProductsBody,
  CreateBrandProductBody,
  ListBrandProductsQuery,
  UpdateBrandProductBody,
} from '../requests/brand-products';
import { byOperationId, resourceRoutes } from './resource-routes';

const products = resourceRoutes({
  tag: 'Brand products',
  path: '/brand-products',
  noun: 'brand product',
  read: 'brand_products:read',
  write: 'brand_products:write',
});

export const brandProductRoutes = byOperationId(
  products.list({
    operationId: 'listBrandProducts',
    description:
      'Pages through the brand’s products in a stable order. Pass `nextCursor` as `cursor` to get the next page; use `updatedAfter` for incremental syncs.',
    query: ListBrandProductsQuery,
    response: BrandProductList,
  }),
  products.create({
    operationId: 'createBrandProduct',
    description:
      'Creates a product. Its `storeId` must be unique within the brand (409 `CONFLICT` otherwise). The image fields (`imageUrl`, `imageWidth`, `imageHeight`) may be left out, which is the same as `null`. A GET right after the response sees the product.',
    body: CreateBrandProductBody,
    response: BrandProductResponse,
    unique: true,
  }),
  products.get({
    operationId: 'getBrandProduct',
    description: 'Fetches one product by id.',
    response: BrandProductResponse,
  }),
  products.update({
    operationId: 'updateBrandProduct',
    description:
      'Changes the given fields only; `null` clears a nullable field. `storeId` cannot change.',
    body: UpdateBrandProductBody,
    response: BrandProductResponse,
  }),
  products.delete({
    operationId: 'deleteBrandProduct',
    description:
      'Deletes the product and all its variants. Its store id (and theirs) can be used again afterwards.',
  }),
  products.bulk({
    operationId: 'bulkBrandProducts',
    description:
      'Creates or updates (by `storeId`) up to 100 products and deletes up to 100 by store id, with their variants. The whole body is validated before anything is written: an invalid record answers 400 naming its index and writes nothing. Repeating a call gives the same end state. The answer counts what the call did: `created`, `updated`, `unchanged` (an upsert equal to what is stored), `deleted` and `notFound` (a store id to delete that the brand does not have). Limited to 10 calls per minute per brand.',
    body: BulkBrandProductsBody,
  }),
);
