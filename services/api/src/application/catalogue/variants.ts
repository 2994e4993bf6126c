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
import { requireVersion, versionAfterCommit, versionedAfterCommit } from '../preconditions';
import { assertDistinctStoreIds, forRecord, loadBulkTargets, noBulkCounts } from './bulk-records';
import { claimNewStoreId, releaseStoreIds, resolveParent } from './store-id-claims';

type DeleteReason = VariantDeleted['data']['reason'];

export async function createVariant(
  uow: UnitOfWork,
  now: string,
  variantId: string,
  variant: NewVariant,
): Promise<Versioned<ActiveVariant>> {
  const parent = await resolveParent(uow, variant.productStoreId);
  const stream = uow.fresh(variantStreamName(variantId), variantDecider);
  stream.decide({ type: 'CreateVariant', data: { variantId, variant, parent, now } });
  await claimNewStoreId(uow, 'variant', variant.storeId, variantId);
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
  const upserts = body.upsertRecords ?? [];
  const deletes = body.deleteRecords ?? [];
  assertDistinctStoreIds(upserts, deletes);
  const parentStoreIds = [...new Set(upserts.map((record) => record.productStoreId))];
  const { holders, streams, toDelete } = await loadBulkTargets(
    uow,
    'variant',
    upserts,
    deletes,
    (id) => uow.load(variantStreamName(id), variantDecider, { tenant: true }),
    // Every parent is resolved up front: a record naming no product refuses the whole call.
    () => Promise.all(parentStoreIds.map((storeId) => resolveParent(uow, storeId))),
  );
  const counts = noBulkCounts();
  const parents = new Set<string>();
  for (const [index, record] of upserts.entries()) {
    const variantId = holders[index];
    const stream = streams[index];
    const before = stream && versionAfterCommit(stream);
    const variant = await forRecord(['upsertRecords', index], () => {
      if (variantId === undefined) return createVariant(uow, now, newId(), record);
      const { storeId: _sameStoreId, ...changes } = record;
      return updateVariant(uow, now, variantId, changes);
    });
    counts[
      before === undefined ? 'created' : variant.version === before ? 'unchanged' : 'updated'
    ] += 1;
    parents.add(variant.data.fields.productId);
  }
  counts.deleted = await deleteVariants(uow, toDelete, 'deleted');
  counts.notFound = deletes.length - counts.deleted;
  return { parents: [...parents], counts };
}
