import { productDecider, productStreamName } from '@brand-api/domain';
import type { UnitOfWork } from '@brand-api/event-store';
import type { VariantsOfProducts } from './products';
import { deleteVariants } from './variants';

/**
 * Deleting a product deletes the variants the read table lists for it, in the same append.
 * A variant created (or moved) for that product by a request racing the delete is not in
 * that list, and the event store cannot lock a parent it does not write to. So both sides
 * sweep after they commit: the product delete looks again once its write is visible, and a
 * variant write checks that its parents still exist. Whichever commits last sees the other,
 * and the straggler is deleted by its own VariantDeleted event. Returns the variants deleted.
 */
export async function sweepVariantsOfDeletedProducts(
  uow: UnitOfWork,
  productIds: readonly string[],
  variantsOf: VariantsOfProducts,
): Promise<string[]> {
  if (productIds.length === 0) return [];
  const products = await Promise.all(
    productIds.map((id) => uow.load(productStreamName(id), productDecider, { tenant: true })),
  );
  const gone = productIds.filter((_, index) => products[index]?.state.status === 'deleted');
  const stragglers = await variantsOf(gone);
  await deleteVariants(uow, stragglers, 'productDeleted');
  return stragglers;
}
