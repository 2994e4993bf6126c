import type {
  BulkBrandProductsBody,
  BulkBrandProductVariantsBody,
  BulkSyncCounts,
} from '@brand-api/contracts';
import { invalid } from '@brand-api/domain';
import type {
  ActiveProduct,
  ActiveVariant,
  NewVariant,
  ProductChanges,
  NewProduct,
  VariantChangeRequest,
} from '@brand-api/domain';
import type { CommandContext, CommandEngine } from '@brand-api/event-store';
import type { Versioned } from '@brand-api/read-models';
import type { ExpectedVersions } from '../preconditions';
import { sweepVariantsOfDeletedProducts } from './orphan-sweep';
import type { VariantsOfProducts } from './products';
import { createProduct, deleteProduct, syncProducts, updateProduct } from './products';
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
 * request left under a deleted product. Single writes answer the version they leave the
 * resource at, and take the versions the caller expects it at (`If-Match`).
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
    async createProduct(
      context: CommandContext,
      product: NewProduct,
    ): Promise<Versioned<ActiveProduct>> {
      return (await engine.run(context, (uow, now) => createProduct(uow, now, ids(), product)))
        .value;
    },

    async updateProduct(
      context: CommandContext,
      productId: string,
      changes: ProductChanges,
      expected?: ExpectedVersions,
    ): Promise<Versioned<ActiveProduct>> {
      const { value } = await engine.run(context, (uow, now) =>
        updateProduct(uow, now, productId, changes, expected),
      );
      return value;
    },

    async deleteProduct(
      context: CommandContext,
      productId: string,
      expected?: ExpectedVersions,
    ): Promise<void> {
      const { value: deleted } = await engine.run(context, (uow) =>
        deleteProduct(uow, productId, variantsOf, expected),
      );
      await sweepAfterProductDelete(context, deleted);
    },

    async syncProducts(
      context: CommandContext,
      body: BulkBrandProductsBody,
    ): Promise<BulkSyncCounts> {
      const {
        value: { deleted, counts },
      } = await engine.run(context, (uow, now) => syncProducts(uow, now, ids, body, variantsOf));
      await sweepAfterProductDelete(context, deleted);
      return counts;
    },

    async createVariant(
      context: CommandContext,
      variant: NewVariant,
    ): Promise<Versioned<ActiveVariant>> {
      const { value } = await engine.run(context, (uow, now) =>
        createVariant(uow, now, ids(), variant),
      );
      await sweepAfterVariantWrite(context, value.data, variant.productStoreId);
      return value;
    },

    async updateVariant(
      context: CommandContext,
      variantId: string,
      changes: VariantChangeRequest,
      expected?: ExpectedVersions,
    ): Promise<Versioned<ActiveVariant>> {
      const { value } = await engine.run(context, (uow, now) =>
        updateVariant(uow, now, variantId, changes, expected),
      );
      if (changes.productStoreId !== undefined) {
        await sweepAfterVariantWrite(context, value.data, changes.productStoreId);
      }
      return value;
    },

    async deleteVariant(
      context: CommandContext,
      variantId: string,
      expected?: ExpectedVersions,
    ): Promise<void> {
      await engine.run(context, (uow) => deleteVariant(uow, variantId, expected));
    },

    async syncVariants(
      context: CommandContext,
      body: BulkBrandProductVariantsBody,
    ): Promise<BulkSyncCounts> {
      const {
        value: { parents, counts },
      } = await engine.run(context, (uow, now) => syncVariants(uow, now, ids, body));
      await sweepAfterProductDelete(context, parents);
      return counts;
    },
  };
}

export type CatalogueCommands = ReturnType<typeof catalogueCommands>;
