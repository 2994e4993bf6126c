/** Syncing a whole catalogue with the client's bulk helper: 100 per call, 10 calls per minute. */
import type { BodyOf, BrandApiClient } from '@brand-api/client';

/** A product as your store describes it: what a bulk call upserts. */
export type ProductRecord = BodyOf<'createBrandProduct'>;

// #region bulk
/** Upserts every record, then deletes the given store ids; waits whenever the limit is reached. */
export async function syncCatalogue(
  client: BrandApiClient,
  records: ProductRecord[],
  deletedStoreIds: string[] = [],
): Promise<void> {
  const result = await client.brandProducts.sync(
    { upsert: records, delete: deletedStoreIds },
    { onBatch: ({ call, upserted }) => console.log(`call ${call}: ${upserted} upserted`) },
  );
  // A 400 VALIDATION_FAILED (a bad record) throws a BrandApiError naming its index; a 429 never
  // does: the helper waits as long as RateLimit / Retry-After say, then goes on.
  console.log(`${result.upserted} upserted, ${result.deleted} deleted in ${result.calls} calls`);
}
// #endregion bulk
