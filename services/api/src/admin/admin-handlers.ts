import { ApiError } from '@brand-api/contracts';
import type { Scope } from '@brand-api/contracts';
import { apiKeyDecider, apiKeyStreamName, brandDecider, brandStreamName } from '@brand-api/domain';
import type { ApiKeyState, BrandState } from '@brand-api/domain';
import {
  getApiKey,
  getBrand,
  InvalidCursorError,
  listApiKeys,
  listBrands,
} from '@brand-api/read-models';
import type { ApiKeyRow } from '@brand-api/read-models';
import { displayPrefix, generateApiKey, hashApiKey } from '../auth/api-key-secret';
import type { CommandContext } from '../commands/command-runner';
import type { HandlersFor, OperationRequest } from '../http/operation';
import type { AppServices } from '../services';
import type { OperatorPrincipal } from './admin-auth';
import type { AdminOperations } from './admin-operations';

type Request = OperationRequest<AdminOperations[number], OperatorPrincipal>;

const brandBody = (state: BrandState) => {
  if (state.status !== 'active') throw new ApiError('NOT_FOUND');
  return { id: state.id, name: state.name, customAuthEnabled: state.customAuthEnabled };
};

const keyBody = (row: ApiKeyRow) => ({
  id: row.id,
  brandId: row.brandId,
  name: row.name,
  scopes: row.scopes,
  prefix: row.keyPrefix,
  createdAt: row.createdAt,
  revokedAt: row.revokedAt,
});

function operatorContext(request: Request, brandId: string): CommandContext {
  return {
    brandId,
    actor: { kind: 'operator', id: request.auth.id, name: 'operator' },
    requestId: request.requestId,
    correlationId: request.requestId,
    causationId: request.requestId,
  };
}

/** Brands and API keys for operators: thin calls into the Brand and ApiKey deciders. */
export function adminHandlers(
  services: AppServices,
): HandlersFor<AdminOperations, OperatorPrincipal> {
  const { commands, db } = services;

  async function loadBrand(brandId: string): Promise<BrandState> {
    const events = await services.eventStore.readStream(brandStreamName(brandId));
    return events
      .map(
        (event) =>
          ({ type: event.type, schemaVersion: 1, data: event.data }) as Parameters<
            typeof brandDecider.evolve
          >[1],
      )
      .reduce(brandDecider.evolve, brandDecider.initialState());
  }

  return {
    async adminCreateBrand(request) {
      const brandId = services.ids();
      const { state } = await commands.execute(
        brandDecider,
        brandStreamName(brandId),
        {
          type: 'CreateBrand',
          data: {
            brandId,
            name: request.body.name,
            customAuthEnabled: request.body.customAuthEnabled ?? false,
          },
        },
        operatorContext(request, brandId),
      );
      return { body: { data: brandBody(state) } };
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
      const { brandId } = request.params;
      const { state, events } = await commands.execute(
        brandDecider,
        brandStreamName(brandId),
        { type: 'UpdateBrand', data: { brandId, ...request.body } },
        operatorContext(request, brandId),
      );
      // Keys carry their brand's switches (custom auth) in the authenticator's cache.
      if (events.length > 0) services.authenticator.invalidate();
      return { body: { data: brandBody(state) } };
    },

    async adminIssueApiKey(request) {
      const { brandId } = request.params;
      if ((await loadBrand(brandId)).status !== 'active') throw new ApiError('NOT_FOUND');
      const apiKeyId = services.ids();
      const key = generateApiKey();
      const { state } = await commands.execute(
        apiKeyDecider,
        apiKeyStreamName(apiKeyId),
        {
          type: 'IssueApiKey',
          data: {
            apiKeyId,
            brandId,
            name: request.body.name ?? null,
            scopes: request.body.scopes,
            keyHash: hashApiKey(key),
            keyPrefix: displayPrefix(key),
          },
        },
        operatorContext(request, brandId),
      );
      const issued = activeKey(state);
      return {
        body: {
          data: {
            id: issued.id,
            brandId: issued.brandId,
            name: issued.name,
            scopes: issued.scopes,
            prefix: issued.keyPrefix,
            key,
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
      const { state } = await commands.execute(
        apiKeyDecider,
        apiKeyStreamName(keyId),
        { type: 'RevokeApiKey', data: { apiKeyId: keyId, brandId } },
        operatorContext(request, brandId),
      );
      // The next request with this key must fail, so this process forgets it now.
      services.authenticator.invalidate();
      const row = await getApiKey(db, brandId, keyId);
      if (row) return { body: { data: keyBody(row) } };
      const revoked = activeKey(state);
      return {
        body: {
          data: {
            id: revoked.id,
            brandId: revoked.brandId,
            name: revoked.name,
            scopes: revoked.scopes,
            prefix: revoked.keyPrefix,
            createdAt: null,
            revokedAt: services.clock().toISOString(),
          },
        },
      };
    },
  };
}

function activeKey(
  state: ApiKeyState,
): Exclude<ApiKeyState, { status: 'absent' }> & { scopes: Scope[] } {
  if (state.status === 'absent') throw new ApiError('NOT_FOUND');
  return state;
}
