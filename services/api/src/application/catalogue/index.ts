import type { BulkBrandProductsBody, BulkBrandProductVariantsBody } from '@brand-api/contracts';
import { invalid } from '@brand-api/domain';
import type {
  ActiveProduct,
  ActiveVariant,
  NewVariant,
  ProductChanges,
  ProductFields,
  VariantChangeRequest,
} from '@brand-api/domain';
import type { CommandContext, CommandEngine } from '@brand-api/event-store';
import { sweepVariantsOfDeletedProducts } from './orphan-sweep';
import type { VariantsOfProducts } from './products';
import { createProduct, deleteProducts, syncProducts, updateProduct } from './products';
import { createVariant, deleteVariant, syncVariants, updateVariant } from './variants';

export type { VariantsOfProducts };

export interface CatalogueDeps {
  engine: CommandEngine;
  ids: () => string;
  /** The variants of products as the read table lists them (deletes cascade to them). */
  variantsOf: VariantsOfProducts;
}

/**
 * The catalogue's use cases: products and variants, one by one and in bulk. Each loads the
 * streams it decides on, decides through the domain and appends through the command engine;
 * deletes of products, and writes that give a variant a parent, sweep up variants a racing
 * request left under a deleted product.
 */
export function catalogueCommands({ engine, ids, variantsOf }: CatalogueDeps) {
  /** A variant written meanwhile under a product that is gone: as if the product never existed. */
  const sweepAfterVariantWrite = async (
    context: CommandContext,
    variant: ActiveVariant,
    productStoreId: string,
  ) => {
    const { value: swept } = await engine.run(context, (uow) =>
      sweepVariantsOfDeletedProducts(uow, [variant.fields.productId], variantsOf),
    );
    if (swept.includes(variant.id)) {
      throw invalid(
        ['productStoreId'],
        'names no product of this brand',
        `No product has the store id '${productStoreId}'`,
      );
    }
  };
  const sweepAfterProductDelete = (context: CommandContext, productIds: readonly string[]) =>
    engine.run(context, (uow) => sweepVariantsOfDeletedProducts(uow, productIds, variantsOf));

  return {
    async createProduct(context: CommandContext, product: ProductFields): Promise<ActiveProduct> {
      return (await engine.run(context, (uow, now) => createProduct(uow, now, ids(), product)))
        .value;
    },

    async updateProduct(
      context: CommandContext,
      productId: string,
      changes: ProductChanges,
    ): Promise<ActiveProduct> {
      return (await engine.run(context, (uow, now) => updateProduct(uow, now, productId, changes)))
        .value;
    },

    async deleteProduct(context: CommandContext, productId: string): Promise<void> {
      const { value: deleted } = await engine.run(context, (uow) =>
        deleteProducts(uow, [productId], variantsOf),
      );
      await sweepAfterProductDelete(context, deleted);
    },

    async syncProducts(context: CommandContext, body: BulkBrandProductsBody): Promise<void> {
      const { value: deleted } = await engine.run(context, (uow, now) =>
        syncProducts(uow, now, ids, body, variantsOf),
      );
      await sweepAfterProductDelete(context, deleted);
    },

    async createVariant(context: CommandContext, variant: NewVariant): Promise<ActiveVariant> {
      const { value } = await engine.run(context, (uow, now) =>
        createVariant(uow, now, ids(), variant),
      );
      await sweepAfterVariantWrite(context, value, variant.productStoreId);
      return value;
    },

    async updateVariant(
      context: CommandContext,
      variantId: string,
      changes: VariantChangeRequest,
    ): Promise<ActiveVariant> {
      const { value } = await engine.run(context, (uow, now) =>
        updateVariant(uow, now, variantId, changes),
      );
      if (changes.productStoreId !== undefined) {
        await sweepAfterVariantWrite(context, value, changes.productStoreId);
      }
      return value;
    },

    async deleteVariant(context: CommandContext, variantId: string): Promise<void> {
      await engine.run(context, (uow) => deleteVariant(uow, variantId));
    },

    async syncVariants(context: CommandContext, body: BulkBrandProductVariantsBody): Promise<void> {
      const { value: parents } = await engine.run(context, (uow, now) =>
        syncVariants(uow, now, ids, body),
      );
      await sweepAfterProductDelete(context, parents);
    },
  };
}

export type CatalogueCommands = ReturnType<typeof catalogueCommands>;
