import { DomainError } from '@brand-api/domain';
import type { DomainProblem } from '@brand-api/domain';

/**
 * Runs `decide` for one record of a bulk command; a refusal names the record (`upsertRecords`,
 * 3) and its fields within it, so the caller knows which one to fix.
 */
export async function forRecord<T>(
  record: readonly (string | number)[],
  decide: () => Promise<T> | T,
): Promise<T> {
  try {
    return await decide();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw error.within(record);
  }
}

/** A bulk body that names a store id twice, or both upserts and deletes it, is ambiguous. */
export function assertDistinctStoreIds(
  upserts: readonly { storeId: string }[],
  deletes: readonly string[],
): void {
  const problems: DomainProblem[] = [];
  const upserted = new Map<string, number>();
  upserts.forEach((record, index) => {
    const first = upserted.get(record.storeId);
    if (first === undefined) upserted.set(record.storeId, index);
    else {
      problems.push({
        path: ['upsertRecords', index, 'storeId'],
        message: `repeats the store id of /upsertRecords/${first}`,
      });
    }
  });
  deletes.forEach((storeId, index) => {
    const upsertIndex = upserted.get(storeId);
    if (upsertIndex !== undefined) {
      problems.push({
        path: ['deleteRecords', index],
        message: `is also upserted by /upsertRecords/${upsertIndex}`,
      });
    }
  });
  if (problems.length > 0) {
    throw new DomainError('invalid', {
      message: 'Each store id may appear only once in a bulk call',
      problems,
    });
  }
}
