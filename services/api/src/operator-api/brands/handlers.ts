import { ApiError } from '@brand-api/contracts';
import {
  getApiKey,
  getBrand,
  InvalidCursorError,
  listApiKeys,
  listBrands,
} from '@brand-api/read-models';
import type { ApiKeyRow } from '@brand-api/read-models';
import type { IssuedKey, LiveBrand } from '../../application/brands';
import type { HandlersFor } from '../../http/operation';
import type { AppServices } from '../../services';
import type { OperatorPrincipal } from '../operator-auth';
import { operatorContext } from '../operator-context';
import type { adminOperations } from '@brand-api/contracts';

const brandBody = (brand: LiveBrand) => ({
  id: brand.id,
  name: brand.name,
  customAuthEnabled: brand.customAuthEnabled,
});

const keyBody = (row: ApiKeyRow) => ({
  id: row.id,
  brandId: row.brandId,
  name: row.name,
  scopes: row.scopes,
  prefix: row.keyPrefix,
  createdAt: row.createdAt,
  revokedAt: row.revokedAt,
});

/** Brands and API keys for operators: thin calls into the Brand and ApiKey deciders. */
export function adminHandlers(
  services: AppServices,
): HandlersFor<typeof adminOperations, OperatorPrincipal> {
  const { db } = services;
  const { brands } = services.application;

  return {
    async adminCreateBrand(request) {
      const brand = await brands.createBrand((brandId) => operatorContext(request, brandId), {
        name: request.body.name,
        customAuthEnabled: request.body.customAuthEnabled ?? false,
      });
      return { body: { data: brandBody(brand) } };
    },

    async adminListBrands(request) {
      try {
        const page = await listBrands(db, {
          limit: request.query.limit,
          cursor: request.query.cursor,
        });
        return {
          body: {
            hasMore: page.hasMore,
            nextCursor: page.nextCursor,
            data: page.data.map(({ id, name, customAuthEnabled }) => ({
              id,
              name,
              customAuthEnabled,
            })),
          },
        };
      } catch (error) {
        if (error instanceof InvalidCursorError) {
          throw new ApiError('VALIDATION_FAILED', {
            details: [{ location: 'query', field: '/cursor', message: error.message }],
          });
        }
        throw error;
      }
    },

    async adminGetBrand(request) {
      const brand = await getBrand(db, request.params.brandId);
      if (!brand) throw new ApiError('NOT_FOUND');
      return {
        body: {
          data: { id: brand.id, name: brand.name, customAuthEnabled: brand.customAuthEnabled },
        },
      };
    },

    async adminUpdateBrand(request) {
      const { brand, changed } = await brands.updateBrand(
        operatorContext(request, request.params.brandId),
        request.body,
      );
      // Keys carry their brand's switches (custom auth) in the authenticator's cache.
      if (changed) services.authenticator.invalidate();
      return { body: { data: brandBody(brand) } };
    },

    async adminIssueApiKey(request) {
      const { key, secret } = await brands.issueApiKey(
        operatorContext(request, request.params.brandId),
        { name: request.body.name ?? null, scopes: request.body.scopes },
      );
      return {
        body: {
          data: {
            id: key.id,
            brandId: key.brandId,
            name: key.name,
            scopes: key.scopes,
            prefix: key.keyPrefix,
            key: secret,
          },
        },
      };
    },

    async adminListApiKeys(request) {
      const { brandId } = request.params;
      if (!(await getBrand(db, brandId))) throw new ApiError('NOT_FOUND');
      return { body: { data: (await listApiKeys(db, brandId)).map(keyBody) } };
    },

    async adminRevokeApiKey(request) {
      const { brandId, keyId } = request.params;
      const revoked = await brands.revokeApiKey(operatorContext(request, brandId), keyId);
      // The next request with this key must fail, so this process forgets it now.
      services.authenticator.invalidate();
      const row = await getApiKey(db, brandId, keyId);
      if (row) return { body: { data: keyBody(row) } };
      return { body: { data: revokedKeyBody(revoked, services.clock()) } };
    },
  };
}

/** A key just revoked whose row the read model does not show yet. */
function revokedKeyBody(key: IssuedKey, now: Date) {
  return {
    id: key.id,
    brandId: key.brandId,
    name: key.name,
    scopes: key.scopes,
    prefix: key.keyPrefix,
    createdAt: null,
    revokedAt: now.toISOString(),
  };
}
