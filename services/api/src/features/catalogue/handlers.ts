import { ApiError } from '@brand-api/contracts';
import {
  getProduct,
  getVariant,
  InvalidCatalogueCursorError,
  listProducts,
  listVariants,
  variantIdsOfProducts,
} from '@brand-api/read-models';
import type { ApiKeyPrincipal } from '../../auth/api-key-authenticator';
import type { CommandContext } from '../../commands/command-runner';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';
import type { BulkRateLimiter } from './bulk-rate-limit';
import { productView, variantView } from './views';
import type { CatalogueWriteDeps } from './write/execute';
import { runCatalogueCommand } from './write/execute';
import { sweepVariantsOfDeletedProducts } from './write/orphan-sweep';
import {
  createProduct,
  deleteProducts,
  syncProducts,
  updateProduct,
} from './write/product-commands';
import type { VariantsOfProducts } from './write/product-commands';
import {
  createVariant,
  deleteVariant,
  syncVariants,
  updateVariant,
} from './write/variant-commands';

/** Every request of a catalogue operation has these: the key's principal and the request id. */
interface AnyRequest {
  auth: ApiKeyPrincipal;
  requestId: string;
}

/** Who asked and in which request: the metadata of every event the call appends. */
function commandContext(request: AnyRequest): CommandContext {
  return {
    brandId: request.auth.brandId,
    actor: { kind: 'apiKey', id: request.auth.apiKeyId },
    requestId: request.requestId,
    correlationId: request.requestId,
    causationId: request.requestId,
  };
}

/** A cursor that fails to decode is the caller's mistake, reported on the `cursor` field. */
async function listing<T>(list: () => Promise<T>): Promise<T> {
  try {
    return await list();
  } catch (error) {
    if (!(error instanceof InvalidCatalogueCursorError)) throw error;
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ location: 'query', field: '/cursor', message: error.message }],
    });
  }
}

const success = { success: true } as const;

/** The twelve catalogue operations of the route table: validate (done by the route table), decide, answer. */
export function catalogueHandlers(
  services: AppServices,
  write: CatalogueWriteDeps,
  bulkLimiter: BulkRateLimiter,
): ApiHandlers {
  const { db } = services;
  const variantsOf: VariantsOfProducts = (productIds) => variantIdsOfProducts(db, productIds);
  const sweep = (request: AnyRequest, productIds: readonly string[]) =>
    sweepVariantsOfDeletedProducts(write, commandContext(request), productIds, variantsOf);

  return {
    async listBrandProducts(request) {
      const page = await listing(() => listProducts(db, request.auth.brandId, request.query));
      return { body: page };
    },

    async createBrandProduct(request) {
      const { value } = await runCatalogueCommand(write, commandContext(request), (uow, now) =>
        createProduct(uow, now, services.ids(), request.body),
      );
      return { body: { data: productView(value) } };
    },

    async getBrandProduct(request) {
      const product = await getProduct(db, request.auth.brandId, request.params.id);
      if (!product) throw new ApiError('NOT_FOUND');
      return { body: { data: product } };
    },

    async updateBrandProduct(request) {
      const { value } = await runCatalogueCommand(write, commandContext(request), (uow, now) =>
        updateProduct(uow, now, request.params.id, request.body),
      );
      return { body: { data: productView(value) } };
    },

    async deleteBrandProduct(request) {
      const { value: deleted } = await runCatalogueCommand(write, commandContext(request), (uow) =>
        deleteProducts(uow, [request.params.id], variantsOf),
      );
      await sweep(request, deleted);
      return { body: success };
    },

    async bulkBrandProducts(request) {
      const headers: Record<string, string> = {};
      await bulkLimiter.consume('bulkBrandProducts', request.auth.brandId, (values) => {
        Object.assign(headers, values);
        request.ctx.set(values);
      });
      const { value: deleted } = await runCatalogueCommand(
        write,
        commandContext(request),
        (uow, now) => syncProducts(uow, now, services.ids, request.body, variantsOf),
      );
      await sweep(request, deleted);
      return { body: success, headers };
    },

    async listBrandProductVariants(request) {
      const page = await listing(() => listVariants(db, request.auth.brandId, request.query));
      return { body: page };
    },

    async createBrandProductVariant(request) {
      const { value } = await runCatalogueCommand(write, commandContext(request), (uow, now) =>
        createVariant(uow, now, services.ids(), request.body),
      );
      const swept = await sweep(request, [value.fields.productId]);
      if (swept.includes(value.id)) throw parentDeleted(request.body.productStoreId);
      return { body: { data: variantView(value) } };
    },

    async getBrandProductVariant(request) {
      const variant = await getVariant(db, request.auth.brandId, request.params.id);
      if (!variant) throw new ApiError('NOT_FOUND');
      return { body: { data: variant } };
    },

    async updateBrandProductVariant(request) {
      const { value } = await runCatalogueCommand(write, commandContext(request), (uow, now) =>
        updateVariant(uow, now, request.params.id, request.body),
      );
      if (request.body.productStoreId !== undefined) {
        const swept = await sweep(request, [value.fields.productId]);
        if (swept.includes(value.id)) throw parentDeleted(request.body.productStoreId);
      }
      return { body: { data: variantView(value) } };
    },

    async deleteBrandProductVariant(request) {
      await runCatalogueCommand(write, commandContext(request), (uow) =>
        deleteVariant(uow, request.params.id),
      );
      return { body: success };
    },

    async bulkBrandProductVariants(request) {
      const headers: Record<string, string> = {};
      await bulkLimiter.consume('bulkBrandProductVariants', request.auth.brandId, (values) => {
        Object.assign(headers, values);
        request.ctx.set(values);
      });
      const { value: parents } = await runCatalogueCommand(
        write,
        commandContext(request),
        (uow, now) => syncVariants(uow, now, services.ids, request.body),
      );
      await sweep(request, parents);
      return { body: success, headers };
    },
  };
}

/** The parent was deleted while the variant was being written: as if it never existed. */
function parentDeleted(productStoreId: string): ApiError {
  return new ApiError('VALIDATION_FAILED', {
    message: `No product has the store id '${productStoreId}'`,
    details: [
      { location: 'body', field: '/productStoreId', message: 'names no product of this brand' },
    ],
  });
}
