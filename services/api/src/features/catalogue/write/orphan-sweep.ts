import type { ProductState } from '@brand-api/domain';
import { productDecider, productStreamName } from '@brand-api/domain';
import type { CommandContext } from '../../../commands/command-runner';
import { UnitOfWork } from '../../../commands/unit-of-work';
import type { CatalogueWriteDeps } from './execute';
import { runCatalogueCommand } from './execute';
import type { VariantsOfProducts } from './product-commands';
import { deleteVariants } from './variant-commands';

/**
 * Deleting a product deletes the variants the read table lists for it, in the same append.
 * A variant created (or moved) for that product by a request racing the delete is not in
 * that list, and the event store cannot lock a parent it does not write to. So both sides
 * sweep after they commit: the product delete looks again once its write is visible, and a
 * variant write checks that its parents still exist. Whichever commits last sees the other,
 * and the straggler is deleted by its own VariantDeleted event. Returns the variants deleted.
 */
export async function sweepVariantsOfDeletedProducts(
  deps: CatalogueWriteDeps,
  context: CommandContext,
  productIds: readonly string[],
  variantsOf: VariantsOfProducts,
): Promise<string[]> {
  if (productIds.length === 0) return [];
  const reader = new UnitOfWork(deps.eventStore, context.brandId, deps.states);
  const states = await Promise.all(
    productIds.map(async (id): Promise<[string, ProductState]> => [
      id,
      (await reader.load(productStreamName(id), productDecider, { tenant: true })).state,
    ]),
  );
  const gone = states.filter(([, state]) => state.status === 'deleted').map(([id]) => id);
  const stragglers = await variantsOf(gone);
  if (stragglers.length === 0) return [];
  await runCatalogueCommand(deps, context, (uow) =>
    deleteVariants(uow, stragglers, 'productDeleted'),
  );
  return stragglers;
}
