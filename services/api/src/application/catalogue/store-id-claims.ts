import { createHash } from 'node:crypto';
import type { ParentProduct, StoreIdKind } from '@brand-api/domain';
import {
  claimHolder,
  claimStoreId,
  releaseStoreId,
  storeIdClaimStreamName,
  uniqueClaimDecider,
} from '@brand-api/domain';
import type { UnitOfWork } from '@brand-api/event-store';

/** Store ids are free text up to 255 characters: streams are named by their SHA-256. */
export function storeIdDigest(storeId: string): string {
  return createHash('sha256').update(storeId, 'utf8').digest('hex');
}

/** The claim stream of a store id of this brand (brands never share claims). */
export function loadStoreIdClaim(uow: UnitOfWork, kind: StoreIdKind, storeId: string) {
  return uow.load(
    storeIdClaimStreamName(kind, uow.brandId, storeIdDigest(storeId)),
    uniqueClaimDecider,
    { tenant: false },
  );
}

/**
 * The claim of a store id a create is about to take: not read unless it exists after all (a
 * store id taken, or freed and claimed again), see `UnitOfWork.loadExpectingNew`.
 */
export function newStoreIdClaim(uow: UnitOfWork, kind: StoreIdKind, storeId: string) {
  return uow.loadExpectingNew(
    storeIdClaimStreamName(kind, uow.brandId, storeIdDigest(storeId)),
    uniqueClaimDecider,
  );
}

/** A store id's claim stream, as `newStoreIdClaim` and `loadStoreIdClaim` give it. */
export type StoreIdClaim = Awaited<ReturnType<typeof newStoreIdClaim>>;

/**
 * A product or variant being created takes its store id (refused when another holds it), on
 * `claim` when the caller has it already (a bulk sync took every upserted store id's claim
 * first), or on its claim taken as new.
 */
export async function claimNewStoreId(
  uow: UnitOfWork,
  kind: StoreIdKind,
  storeId: string,
  ownerId: string,
  claim?: StoreIdClaim,
): Promise<void> {
  const stream = claim ?? (await newStoreIdClaim(uow, kind, storeId));
  stream.decide(claimStoreId({ brandId: uow.brandId, kind, storeId, ownerId }));
}

/**
 * Deleted products or variants give their store ids back. The claims are loaded together (one
 * read of the event store), then released.
 */
export async function releaseStoreIds(
  uow: UnitOfWork,
  kind: StoreIdKind,
  released: readonly { ownerId: string; storeId: string }[],
): Promise<void> {
  const claims = await Promise.all(
    released.map(({ storeId }) => loadStoreIdClaim(uow, kind, storeId)),
  );
  for (const [index, { ownerId, storeId }] of released.entries()) {
    claims[index]!.decide(releaseStoreId({ brandId: uow.brandId, kind, storeId, ownerId }));
  }
}

/** The product holding a store id, as the event store knows it (never a read table). */
export async function resolveParent(
  uow: UnitOfWork,
  productStoreId: string,
): Promise<ParentProduct | null> {
  const holder = claimHolder((await loadStoreIdClaim(uow, 'product', productStoreId)).state);
  return holder === undefined ? null : { productId: holder, storeId: productStoreId };
}
