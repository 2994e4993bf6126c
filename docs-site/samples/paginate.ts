/** Walking a list with cursors: every product of the catalogue, 100 per request. */
import { brandApi, type BrandApiOptions } from './brand-api-client';
import type { ProductRecord } from './bulk-sync';
import type { Page } from './first-call';

/** A product as the API answers it: the record a sync sent, and the fields the API sets. */
export interface BrandProduct extends ProductRecord {
  id: string;
  updatedAt: string;
  createdAt: string;
}

// #region paginate
/** Yields every product once, in a stable order, however many pages there are. */
export async function* allProducts(
  options: BrandApiOptions,
  updatedAfter?: string,
): AsyncGenerator<BrandProduct> {
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '100' });
    if (cursor !== null) query.set('cursor', cursor); // members, groups, posts: 'after'
    if (updatedAfter !== undefined) query.set('updatedAfter', updatedAfter);
    const page: Page<BrandProduct> = await brandApi(
      options,
      'GET',
      `/brand-products?${query.toString()}`,
    );
    yield* page.data;
    cursor = page.hasMore ? page.nextCursor : null;
  } while (cursor !== null);
}
// #endregion paginate
