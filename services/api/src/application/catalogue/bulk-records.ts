import type { BulkSyncCounts } from '@brand-api/contracts';
import { DomainError, claimHolder } from '@brand-api/domain';
import type { DomainProblem, StoreIdKind } from '@brand-api/domain';
import type { UnitOfWork } from '@brand-api/event-store';
import { loadStoreIdClaim } from './store-id-claims';

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

/** What a bulk sync decides on: its records' holders, their streams, and what to delete. */
export interface BulkTargets<Stream> {
  /** The product or variant holding each upsert record's store id: undefined creates one. */
  holders: (string | undefined)[];
  /** The stream of each holder, read before any decision. */
  streams: (Stream | undefined)[];
  /** The holders of the store ids to delete (an unknown store id is already gone). */
  toDelete: string[];
}

/**
 * Reads what a bulk sync of products or variants decides on, before any decision: the claim
 * of every store id the body names, together (one read of the event store, with what `also`
 * reads), then the streams of the upserted ones' holders, together.
 */
export async function loadBulkTargets<Stream>(
  uow: UnitOfWork,
  kind: StoreIdKind,
  upserts: readonly { storeId: string }[],
  deletes: readonly string[],
  loadHolder: (id: string) => Promise<Stream>,
  also?: () => Promise<unknown>,
): Promise<BulkTargets<Stream>> {
  const [upsertClaims, deleteClaims] = await Promise.all([
    Promise.all(upserts.map((record) => loadStoreIdClaim(uow, kind, record.storeId))),
    Promise.all(deletes.map((storeId) => loadStoreIdClaim(uow, kind, storeId))),
    also?.(),
  ]);
  const holders = upsertClaims.map((claim) => claimHolder(claim.state));
  const streams = await Promise.all(
    holders.map((id) => (id === undefined ? Promise.resolve(undefined) : loadHolder(id))),
  );
  const toDelete = deleteClaims
    .map((claim) => claimHolder(claim.state))
    .filter((id): id is string => id !== undefined);
  return { holders, streams, toDelete };
}

/** A bulk sync's counts before its first record. */
export function noBulkCounts(): BulkSyncCounts {
  return { created: 0, updated: 0, unchanged: 0, deleted: 0, notFound: 0 };
}
