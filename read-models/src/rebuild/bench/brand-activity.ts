import { createHash } from 'node:crypto';
import { apiKeyDecider, apiKeyStreamName, brandDecider, brandStreamName } from '@brand-api/domain';
import type { ApiKeyCommand, BrandCommand } from '@brand-api/domain';
import type { NewEvent, StreamAppend } from '@brand-api/event-store';

/** A uuid (version 4 layout) made from a counter, so generated logs are reproducible. */
export const counterUuid = (n: number, tag = 0): string =>
  `${tag.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export interface BrandActivityOptions {
  /** API keys issued to each brand (default 8). */
  keysPerBrand?: number;
  /** Brands whose first key is revoked again: every n-th (default 1 = all). */
  revokeEvery?: number;
  /** Brands renamed after creation: every n-th (default 1 = all). */
  renameEvery?: number;
  occurredAt?: (index: number) => string;
}

/**
 * The log a brand's operators leave behind, decided by the real Brand and ApiKey deciders:
 * created, renamed, keys issued, one revoked. Returned as stream appends with the metadata
 * the API would write, ready for `appendToStreams`.
 */
export function brandActivity(index: number, options: BrandActivityOptions = {}): StreamAppend[] {
  const keys = options.keysPerBrand ?? 8;
  const occurredAt =
    options.occurredAt?.(index) ?? new Date(Date.UTC(2025, 0, 1) + index * 1000).toISOString();
  const brandId = counterUuid(index, 1);
  const metadata = (requestId: string) => ({
    brandId,
    actor: { kind: 'operator', id: 'bench', name: 'bench operator' },
    requestId,
    correlationId: requestId,
    causationId: requestId,
    occurredAt,
  });

  let brand = brandDecider.initialState();
  const brandEvents: NewEvent[] = [];
  const decideBrand = (command: BrandCommand, requestId: string) => {
    for (const event of brandDecider.decide(command, brand)) {
      brand = brandDecider.evolve(brand, event);
      brandEvents.push({ ...event, metadata: metadata(requestId) });
    }
  };
  decideBrand(
    { type: 'CreateBrand', data: { brandId, name: `Brand ${index}`, customAuthEnabled: false } },
    `req-${index}-create`,
  );
  if (index % (options.renameEvery ?? 1) === 0) {
    decideBrand(
      {
        type: 'UpdateBrand',
        data: { brandId, name: `Brand ${index} Ltd`, customAuthEnabled: true },
      },
      `req-${index}-rename`,
    );
  }

  const appends: StreamAppend[] = [
    { streamName: brandStreamName(brandId), events: brandEvents, expectedVersion: 'no_stream' },
  ];
  for (let k = 0; k < keys; k += 1) {
    const apiKeyId = counterUuid(index * 64 + k, 2);
    let key = apiKeyDecider.initialState();
    const keyEvents: NewEvent[] = [];
    const decideKey = (command: ApiKeyCommand, requestId: string) => {
      for (const event of apiKeyDecider.decide(command, key)) {
        key = apiKeyDecider.evolve(key, event);
        keyEvents.push({ ...event, metadata: metadata(requestId) });
      }
    };
    decideKey(
      {
        type: 'IssueApiKey',
        data: {
          apiKeyId,
          brandId,
          name: `key ${k}`,
          scopes: ['members:read', 'posts:read'],
          keyHash: createHash('sha256').update(apiKeyId).digest('hex'),
          keyPrefix: `bk_${apiKeyId.slice(-8)}`,
        },
      },
      `req-${index}-key-${k}`,
    );
    if (k === 0 && index % (options.revokeEvery ?? 1) === 0) {
      decideKey({ type: 'RevokeApiKey', data: { apiKeyId, brandId } }, `req-${index}-revoke`);
    }
    appends.push({
      streamName: apiKeyStreamName(apiKeyId),
      events: keyEvents,
      expectedVersion: 'no_stream',
    });
  }
  return appends;
}

export const eventsIn = (appends: readonly StreamAppend[]): number =>
  appends.reduce((sum, append) => sum + append.events.length, 0);
