/** Walking a list with the client: every product of the catalogue, 100 per request. */
import type { BrandApiClient, BrandProduct } from '@brand-api/client';

// #region paginate
/** Every product changed since `updatedAfter` (or all of them), once each, in a stable order. */
export async function changedProducts(
  client: BrandApiClient,
  updatedAfter?: string,
): Promise<BrandProduct[]> {
  const products: BrandProduct[] = [];
  // `all` follows nextCursor page after page (members, groups, posts: the same, with `after`).
  for await (const product of client.brandProducts.all({ limit: 100, updatedAfter })) {
    products.push(product);
  }
  return products;
}
// #endregion paginate
