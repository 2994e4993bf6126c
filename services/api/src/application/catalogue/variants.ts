import type {
  BulkBrandProductVariantsBody,
  BulkSyncCounts,
  VariantDeleted,
} from '@brand-api/contracts';
import type { ActiveVariant, NewVariant, VariantChangeRequest } from '@brand-api/domain';
import { existing, variantDecider, variantStreamName } from '@brand-api/domain';
import type { UnitOfWork } from '@brand-api/event-store';
import type { Versioned } from '@brand-api/read-models';
import type { ExpectedVersions } from '../preconditions';
import { requireVersion, versionedAfterCommit } from '../preconditions';
import { syncUpserts } from './bulk-records';
import { claimNewStoreId, releaseStoreIds, resolveParent } from './store-id-claims';
import type { StoreIdClaim } from './store-id-claims';

type DeleteReason = VariantDeleted['data']['reason'];

/** Creates a variant; `claim` is its store id's, when the caller took it (`claimNewStoreId`). */
export async function createVariant(
  uow: UnitOfWork,
  now: string,
  variantId: string,
  variant: NewVariant,
  claim?: StoreIdClaim,
): Promise<Versioned<ActiveVariant>> {
  const parent = await resolveParent(uow, variant.productStoreId);
  const stream = uow.fresh(variantStreamName(variantId), variantDecider);
  stream.decide({ type: 'CreateVariant', data: { variantId, variant, parent, now } });
  await claimNewStoreId(uow, 'variant', variant.storeId, variantId, claim);
  return versionedAfterCommit(stream);
}

/** A new productStoreId is resolved here, in the event store, and moves the variant. */
export async function updateVariant(
  uow: UnitOfWork,
  now: string,
  variantId: string,
  changes: VariantChangeRequest,
  expected?: ExpectedVersions,
): Promise<Versioned<ActiveVariant>> {
  const [stream, parent] = await Promise.all([
    uow.load(variantStreamName(variantId), variantDecider, { tenant: true }),
    changes.productStoreId === undefined ? undefined : resolveParent(uow, changes.productStoreId),
  ]);
  requireVersion(stream, expected);
  stream.decide({
    type: 'UpdateVariant',
    data: { variantId, changes, now, ...(parent === undefined ? {} : { parent }) },
  });
  return versionedAfterCommit(stream);
}

export async function deleteVariant(
  uow: UnitOfWork,
  variantId: string,
  expected?: ExpectedVersions,
): Promise<void> {
  const stream = await uow.load(variantStreamName(variantId), variantDecider, { tenant: true });
  existing(stream.state);
  requireVersion(stream, expected);
  await deleteVariants(uow, [variantId], 'deleted');
}

/** Deletes each variant still there by its own event and gives its store id back. */
export async function deleteVariants(
  uow: UnitOfWork,
  variantIds: readonly string[],
  reason: DeleteReason,
): Promise<number> {
  const streams = await Promise.all(
    variantIds.map((id) => uow.load(variantStreamName(id), variantDecider, { tenant: true })),
  );
  const released: { ownerId: string; storeId: string }[] = [];
  for (const [index, stream] of streams.entries()) {
    if (stream.state.status !== 'active') continue;
    const variantId = variantIds[index] ?? stream.state.id;
    for (const event of stream.decide({ type: 'DeleteVariant', data: { variantId, reason } })) {
      if (event.type === 'VariantDeleted')
        released.push({ ownerId: variantId, storeId: event.data.storeId });
    }
  }
  await releaseStoreIds(uow, 'variant', released);
  return released.length;
}

/**
 * The bulk sync of variants: upserts by store id and deletes by store id. Parents are
 * resolved for the whole body first, so a record naming no product refuses the call (400
 * naming its index) before anything is written. Returns the products the upserts belong to.
 */
export async function syncVariants(
  uow: UnitOfWork,
  now: string,
  newId: () => string,
  body: BulkBrandProductVariantsBody,
): Promise<{ parents: string[]; counts: BulkSyncCounts }> {
  const parents = new Set<string>();
  const { counts, toDelete, deleteCount } = await syncUpserts(uow, 'variant', body, {
    load: (id) => uow.load(variantStreamName(id), variantDecider, { tenant: true }),
    alsoRead: (upserts) => {
      const parentStoreIds = new Set(upserts.map((record) => record.productStoreId));
      return Promise.all([...parentStoreIds].map((storeId) => resolveParent(uow, storeId)));
    },
    write: async (record, variantId, claim) => {
      let variant: Versioned<ActiveVariant>;
      if (variantId === undefined) variant = await createVariant(uow, now, newId(), record, claim);
      else {
        const { storeId: _sameStoreId, ...changes } = record;
        variant = await updateVariant(uow, now, variantId, changes);
      }
      parents.add(variant.data.fields.productId);
      return variant;
    },
  });
  counts.deleted = await deleteVariants(uow, toDelete, 'deleted');
  counts.notFound = deleteCount - counts.deleted;
  return { parents: [...parents], counts };
}
