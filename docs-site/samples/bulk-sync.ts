/** Syncing a whole catalogue with the bulk call: batches of 100 and the 10-per-minute limit. */
import { BrandApiError, brandApi, type BrandApiOptions } from './brand-api-client';

export interface ProductRecord {
  storeId: string;
  title: string;
  description: string;
  imageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  onlineStoreUrl: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// #region bulk
const BULK_RECORDS_MAX = 100;

/** Upserts every record and deletes the given store ids, waiting whenever the limit is hit. */
export async function syncCatalogue(
  options: BrandApiOptions,
  records: ProductRecord[],
  deletedStoreIds: string[] = [],
): Promise<void> {
  const batches = Math.max(
    Math.ceil(records.length / BULK_RECORDS_MAX),
    Math.ceil(deletedStoreIds.length / BULK_RECORDS_MAX),
  );
  for (let index = 0; index < batches; index += 1) {
    const body = {
      upsertRecords: records.slice(index * BULK_RECORDS_MAX, (index + 1) * BULK_RECORDS_MAX),
      deleteRecords: deletedStoreIds.slice(
        index * BULK_RECORDS_MAX,
        (index + 1) * BULK_RECORDS_MAX,
      ),
    };
    for (;;) {
      try {
        await brandApi<{ success: true }>(options, 'POST', '/brand-products/bulk', body);
        break;
      } catch (error) {
        // 10 bulk requests per minute per brand: wait as long as Retry-After says, then retry.
        if (error instanceof BrandApiError && error.body.code === 'RATE_LIMITED') {
          await sleep((error.retryAfterSeconds ?? 60) * 1000);
          continue;
        }
        throw error; // e.g. 400 VALIDATION_FAILED: nothing of this batch was written
      }
    }
  }
}
// #endregion bulk
