import { ApiError } from '@brand-api/contracts';
import {
  getProduct,
  getVariant,
  InvalidCatalogueCursorError,
  listProducts,
  listVariants,
} from '@brand-api/read-models';
import { etagOf, versionedAnswer } from '../../http/conditional';
import { apiKeyCommandContext } from '../auth/command-context';
import { deleteCommandOf, updateCommandOf } from '../resource-commands';
import { cursorListing } from '../cursor-listing';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';
import type { BulkRateLimiter } from './bulk-rate-limit';
import { productView, variantView } from './views';

/** Who asked and in which request: the metadata of every event the call appends. */
const commandContext = apiKeyCommandContext;

/** A cursor that fails to decode is the caller's mistake, reported on the `cursor` field. */
const listing = cursorListing(InvalidCatalogueCursorError, '/cursor');

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
  bulkLimiter: BulkRateLimiter,
): ApiHandlers {
  const { db, catalogueCache: cache } = services;
  const catalogue = services.application.catalogue;
  /** A page of a list, through the read cache. */
  const cachedPage = <T>(what: string, brandId: string, query: object, list: () => Promise<T>) =>
    cache.read(readKey(what, brandId, query), () => listing(list));
  /**
   * One row as `{ data }` with its version as the ETag, through the read cache; 404 when the
   * brand has no such row.
   */
  const cachedOne = <T>(
    what: string,
    brandId: string,
    id: string,
    get: () => Promise<{ data: T; version: number } | undefined>,
  ) =>
    cache.answer(readKey(what, brandId, id), async () => {
      const found = await get();
      if (found === undefined) throw new ApiError('NOT_FOUND');
      return { body: { data: found.data }, headers: { ETag: etagOf(found.version) } };
    });
  /**
   * Counts a bulk call against the brand's limit (a 429 thrown here carries its headers). The
   * rate-limit headers describe the counter whatever the call's outcome, so they go on the
   * response now, where a refusal of the records keeps them, and are returned for the answer.
   */
  const countBulkCall = async (
    operation: string,
    request: { auth: { brandId: string }; ctx: { set(headers: Record<string, string>): void } },
  ) => {
    const headers = await bulkLimiter.consume(operation, request.auth.brandId);
    request.ctx.set(headers);
    return headers;
  };

  return {
    async listBrandProducts({ auth: { brandId }, query }) {
      const body = await cachedPage('products', brandId, query, () =>
        listProducts(db, brandId, query),
      );
      return { body };
    },

    async createBrandProduct(request) {
      const { data, version } = await catalogue.createProduct(
        commandContext(request),
        request.body,
      );
      return versionedAnswer({ data: productView(data), version });
    },

    async getBrandProduct({ auth: { brandId }, params: { id } }) {
      return cachedOne('product', brandId, id, () => getProduct(db, brandId, id));
    },

    async updateBrandProduct(request) {
      const { data, version } = await catalogue.updateProduct(...updateCommandOf(request));
      return versionedAnswer({ data: productView(data), version });
    },

    async deleteBrandProduct(request) {
      await catalogue.deleteProduct(...deleteCommandOf(request));
      return { body: success };
    },

    async bulkBrandProducts(request) {
      const headers = await countBulkCall('bulkBrandProducts', request);
      const counts = await catalogue.syncProducts(commandContext(request), request.body);
      return { body: { ...success, ...counts }, headers };
    },

    async listBrandProductVariants({ auth: { brandId }, query }) {
      const body = await cachedPage('variants', brandId, query, () =>
        listVariants(db, brandId, query),
      );
      return { body };
    },

    async createBrandProductVariant(request) {
      const { data, version } = await catalogue.createVariant(
        commandContext(request),
        request.body,
      );
      return versionedAnswer({ data: variantView(data), version });
    },

    async getBrandProductVariant({ auth: { brandId }, params: { id } }) {
      return cachedOne('variant', brandId, id, () => getVariant(db, brandId, id));
    },

    async updateBrandProductVariant(request) {
      const { data, version } = await catalogue.updateVariant(...updateCommandOf(request));
      return versionedAnswer({ data: variantView(data), version });
    },

    async deleteBrandProductVariant(request) {
      await catalogue.deleteVariant(...deleteCommandOf(request));
      return { body: success };
    },

    async bulkBrandProductVariants(request) {
      const headers = await countBulkCall('bulkBrandProductVariants', request);
      const counts = await catalogue.syncVariants(commandContext(request), request.body);
      return { body: { ...success, ...counts }, headers };
    },
  };
}
