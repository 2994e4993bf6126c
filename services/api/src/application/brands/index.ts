import {
  apiKeyDecider,
  apiKeyStreamName,
  brandDecider,
  brandStreamName,
  existing,
} from '@brand-api/domain';
import type { ApiKeyState, BrandState } from '@brand-api/domain';
import type { CommandContext, CommandEngine } from '@brand-api/event-store';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key-secret';

export * from './api-key-secret';
export { randomBase62 } from './random-token';

export type LiveBrand = Exclude<BrandState, { status: 'absent' }>;
export type IssuedKey = Exclude<ApiKeyState, { status: 'absent' }>;

export interface BrandDeps {
  engine: CommandEngine;
  ids: () => string;
}

/**
 * Brands and their API keys, as operators manage them. A new key's secret is made here and
 * shown once: only its hash goes into the log.
 */
export function brandCommands({ engine, ids }: BrandDeps) {
  return {
    /** The context's brandId is the new brand's: `contextFor` is called with the id made here. */
    async createBrand(
      contextFor: (brandId: string) => CommandContext,
      input: { name: string; customAuthEnabled: boolean },
    ): Promise<LiveBrand> {
      const brandId = ids();
      const { value } = await engine.run(contextFor(brandId), (uow) => {
        const stream = uow.fresh(brandStreamName(brandId), brandDecider);
        stream.decide({ type: 'CreateBrand', data: { brandId, ...input } });
        return existing(stream.state);
      });
      return value;
    },

    /** `changed` is false when nothing differed: no event, nothing to invalidate. */
    async updateBrand(
      context: CommandContext,
      changes: { name?: string; customAuthEnabled?: boolean },
    ): Promise<{ brand: LiveBrand; changed: boolean }> {
      const { value, changed } = await engine.run(context, async (uow) => {
        const stream = await uow.load(brandStreamName(uow.brandId), brandDecider, {
          tenant: true,
        });
        stream.decide({ type: 'UpdateBrand', data: { brandId: uow.brandId, ...changes } });
        return existing(stream.state);
      });
      return { brand: value, changed };
    },

    /** Issues a key of an existing brand; the secret is in the answer and nowhere else. */
    async issueApiKey(
      context: CommandContext,
      input: { name: string | null; scopes: readonly string[] },
    ): Promise<{ key: IssuedKey; secret: string }> {
      const apiKeyId = ids();
      const secret = generateApiKey();
      const { value } = await engine.run(context, async (uow) => {
        existing(
          (await uow.load(brandStreamName(uow.brandId), brandDecider, { tenant: true })).state,
        );
        const stream = uow.fresh(apiKeyStreamName(apiKeyId), apiKeyDecider);
        stream.decide({
          type: 'IssueApiKey',
          data: {
            apiKeyId,
            brandId: uow.brandId,
            name: input.name,
            scopes: input.scopes,
            keyHash: hashApiKey(secret),
            keyPrefix: displayPrefix(secret),
          },
        });
        return existing(stream.state);
      });
      return { key: value, secret };
    },

    /** Revoking twice is harmless; another brand's key is not found. */
    async revokeApiKey(context: CommandContext, apiKeyId: string): Promise<IssuedKey> {
      const { value } = await engine.run(context, async (uow) => {
        const stream = await uow.load(apiKeyStreamName(apiKeyId), apiKeyDecider, {
          tenant: true,
        });
        stream.decide({ type: 'RevokeApiKey', data: { apiKeyId, brandId: uow.brandId } });
        return existing(stream.state);
      });
      return value;
    },
  };
}

export type BrandCommands = ReturnType<typeof brandCommands>;
