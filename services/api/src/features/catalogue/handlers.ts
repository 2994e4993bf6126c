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

/**
 * A read's cache key: what is read, whose, and the validated request that shapes the answer.
 * Two spellings of one query (parameters in another order) only cost a second entry.
 */
function readKey(what: string, brandId: string, request: string | object): string {
  const shape = typeof request === 'string' ? request : JSON.stringify(request);
  return `${what}\u0000${brandId}\u0000${shape}`;
}

/** The twelve catalogue operations of the route table: validate (done by the route table), decide, answer. */
export function catalogueHandlers(
  services: AppServices,
  write: CatalogueWriteDeps,
  bulkLimiter: BulkRateLimiter,
): ApiHandlers {
  const { db, catalogueCache: cache } = services;
  const variantsOf: VariantsOfProducts = (productIds) => variantIdsOfProducts(db, productIds);
  const sweep = (request: AnyRequest, productIds: readonly string[]) =>
    sweepVariantsOfDeletedProducts(write, commandContext(request), productIds, variantsOf);
  /** A page of a list, through the read cache. */
  const cachedPage = <T>(what: string, brandId: string, query: object, list: () => Promise<T>) =>
    cache.read(readKey(what, brandId, query), () => listing(list));
  /** One row as `{ data }`, through the read cache; 404 when the brand has no such row. */
  const cachedOne = <T>(
    what: string,
    brandId: string,
    id: string,
    get: () => Promise<T | undefined>,
  ) =>
    cache.read(readKey(what, brandId, id), async () => {
      const data = await get();
      if (data === undefined) throw new ApiError('NOT_FOUND');
      return { data };
    });

  return {
    async listBrandProducts({ auth: { brandId }, query }) {
      const body = await cachedPage('products', brandId, query, () =>
        listProducts(db, brandId, query),
      );
      return { body };
    },

    async createBrandProduct(request) {
      const { value } = await runCatalogueCommand(write, commandContext(request), (uow, now) =>
        createProduct(uow, now, services.ids(), request.body),
      );
      return { body: { data: productView(value) } };
    },

    async getBrandProduct({ auth: { brandId }, params: { id } }) {
      return { body: await cachedOne('product', brandId, id, () => getProduct(db, brandId, id)) };
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

    async listBrandProductVariants({ auth: { brandId }, query }) {
      const body = await cachedPage('variants', brandId, query, () =>
        listVariants(db, brandId, query),
      );
      return { body };
    },

    async createBrandProductVariant(request) {
      const { value } = await runCatalogueCommand(write, commandContext(request), (uow, now) =>
        createVariant(uow, now, services.ids(), request.body),
      );
      const swept = await sweep(request, [value.fields.productId]);
      if (swept.includes(value.id)) throw parentDeleted(request.body.productStoreId);
      return { body: { data: variantView(value) } };
    },

    async getBrandProductVariant({ auth: { brandId }, params: { id } }) {
      return { body: await cachedOne('variant', brandId, id, () => getVariant(db, brandId, id)) };
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
