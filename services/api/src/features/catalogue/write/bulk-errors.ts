import { ApiError } from '@brand-api/contracts';
import type { ErrorDetail } from '@brand-api/contracts';

/**
 * Runs `decide` for one record of a bulk body; a refusal names the record by its index
 * (`/upsertRecords/3/productStoreId`), so the caller knows which one to fix.
 */
export async function forRecord<T>(pointer: string, decide: () => Promise<T> | T): Promise<T> {
  try {
    return await decide();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const details: ErrorDetail[] = (error.details ?? [{ message: error.message }]).map(
      (detail) => ({
        ...detail,
        location: 'body',
        field: `${pointer}${detail.field === undefined || detail.field === '/' ? '' : detail.field}`,
      }),
    );
    throw new ApiError(error.code === 'CONFLICT' ? 'CONFLICT' : 'VALIDATION_FAILED', {
      message: `Record ${pointer}: ${error.message}`,
      details,
      cause: error,
    });
  }
}

/** A bulk body that names a store id twice, or both upserts and deletes it, is ambiguous. */
export function assertDistinctStoreIds(
  upserts: readonly { storeId: string }[],
  deletes: readonly string[],
): void {
  const details: ErrorDetail[] = [];
  const upserted = new Map<string, number>();
  upserts.forEach((record, index) => {
    const first = upserted.get(record.storeId);
    if (first === undefined) upserted.set(record.storeId, index);
    else {
      details.push({
        location: 'body',
        field: `/upsertRecords/${index}/storeId`,
        message: `repeats the store id of /upsertRecords/${first}`,
      });
    }
  });
  deletes.forEach((storeId, index) => {
    const upsertIndex = upserted.get(storeId);
    if (upsertIndex !== undefined) {
      details.push({
        location: 'body',
        field: `/deleteRecords/${index}`,
        message: `is also upserted by /upsertRecords/${upsertIndex}`,
      });
    }
  });
  if (details.length > 0) {
    throw new ApiError('VALIDATION_FAILED', {
      message: 'Each store id may appear only once in a bulk call',
      details,
    });
  }
}
