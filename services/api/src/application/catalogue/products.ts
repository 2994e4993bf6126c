import type { BulkBrandProductsBody, BulkSyncCounts } from '@brand-api/contracts';
import type { ActiveProduct, NewProduct, ProductChanges } from '@brand-api/domain';
import { productDecider, withImage, productStreamName } from '@brand-api/domain';
import type { UnitOfWork } from '@brand-api/event-store';
import type { Versioned } from '@brand-api/read-models';
import type { ExpectedVersions } from '../preconditions';
import { requireVersion, versionedAfterCommit } from '../preconditions';
import { syncUpserts } from './bulk-records';
import { claimNewStoreId, releaseStoreIds } from './store-id-claims';
import type { StoreIdClaim } from './store-id-claims';
import { deleteVariants } from './variants';

/** What deleting products needs besides the unit of work: their variants, from the read table. */
export type VariantsOfProducts = (productIds: readonly string[]) => Promise<string[]>;

/** Creates a product; `claim` is its store id's, when the caller took it (`claimNewStoreId`). */
export async function createProduct(
  uow: UnitOfWork,
  now: string,
  productId: string,
  product: NewProduct,
  claim?: StoreIdClaim,
): Promise<Versioned<ActiveProduct>> {
  await claimNewStoreId(uow, 'product', product.storeId, productId, claim);
  const stream = uow.fresh(productStreamName(productId), productDecider);
  stream.decide({ type: 'CreateProduct', data: { productId, product, now } });
  return versionedAfterCommit(stream);
}

export async function updateProduct(
  uow: UnitOfWork,
  now: string,
  productId: string,
  changes: ProductChanges,
  expected?: ExpectedVersions,
): Promise<Versioned<ActiveProduct>> {
  const stream = await uow.load(productStreamName(productId), productDecider, { tenant: true });
  requireVersion(stream, expected);
  stream.decide({ type: 'UpdateProduct', data: { productId, changes, now } });
  return versionedAfterCommit(stream);
}

/** Deletes one product (see {@link deleteProducts}) if it is at a version the caller named. */
export async function deleteProduct(
  uow: UnitOfWork,
  productId: string,
  variantsOf: VariantsOfProducts,
  expected?: ExpectedVersions,
): Promise<string[]> {
  const stream = await uow.load(productStreamName(productId), productDecider, { tenant: true });
  requireVersion(stream, expected);
  return deleteProducts(uow, [productId], variantsOf);
}

/**
 * Deletes products, gives their store ids back and deletes each of their variants by its
 * own event, all in the caller's unit of work. Returns the ids of the products deleted.
 */
export async function deleteProducts(
  uow: UnitOfWork,
  productIds: readonly string[],
  variantsOf: VariantsOfProducts,
): Promise<string[]> {
  const streams = await Promise.all(
    productIds.map((id) => uow.load(productStreamName(id), productDecider, { tenant: true })),
  );
  const released: { ownerId: string; storeId: string }[] = [];
  for (const [index, stream] of streams.entries()) {
    const command = {
      type: 'DeleteProduct',
      data: { productId: productIds[index] ?? '' },
    } as const;
    for (const event of stream.decide(command)) {
      if (event.type === 'ProductDeleted')
        released.push({ ownerId: event.data.productId, storeId: event.data.storeId });
    }
  }
  await releaseStoreIds(uow, 'product', released);
  const deleted = released.map(({ ownerId }) => ownerId);
  await deleteVariants(uow, await variantsOf(deleted), 'productDeleted');
  return deleted;
}

/**
 * The bulk sync of products: upserts by store id (create, or update with the record's
 * fields) and deletes by store id (an unknown one is already gone). Returns the products
 * deleted and what happened to each record. Every record is decided before anything is
 * appended, so one refused record writes nothing.
 */
export async function syncProducts(
  uow: UnitOfWork,
  now: string,
  newId: () => string,
  body: BulkBrandProductsBody,
  variantsOf: VariantsOfProducts,
): Promise<{ deleted: string[]; counts: BulkSyncCounts }> {
  const { counts, toDelete, deleteCount } = await syncUpserts(uow, 'product', body, {
    load: (id) => uow.load(productStreamName(id), productDecider, { tenant: true }),
    write: (record, productId, claim) => {
      if (productId === undefined) return createProduct(uow, now, newId(), record, claim);
      // An upsert record is a whole product: an image field it leaves out is null, as on create.
      const { storeId: _sameStoreId, ...changes } = withImage(record);
      return updateProduct(uow, now, productId, changes);
    },
  });
  const deleted = await deleteProducts(uow, toDelete, variantsOf);
  counts.deleted = deleted.length;
  counts.notFound = deleteCount - deleted.length;
  return { deleted, counts };
}
