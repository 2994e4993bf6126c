import { createHash } from 'node:crypto';
import { apiKeyDecider, apiKeyStreamName, brandDecider, brandStreamName } from '@brand-api/domain';
import { eventStoreMigrations, projectionMigrations } from '@brand-api/event-store';
import type { Migration, NewEvent, StreamAppend } from '@brand-api/event-store';
import { brandsMigrations } from '../../brands/migrations';
import { rebuildMigrations } from '../migrations';

/**
 * What rebuilding the brands read model over such a log needs: the log, checkpoints, the brands
 * tables and the rebuild's own state (the benchmark's database and the specs').
 */
export const brandsRebuildMigrations: readonly Migration[] = [
  ...eventStoreMigrations,
  ...projectionMigrations,
  ...brandsMigrations,
  ...rebuildMigrations,
];

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

  const brand = decidedStream(brandDecider, metadata);
  brand.decide(
    { type: 'CreateBrand', data: { brandId, name: `Brand ${index}`, customAuthEnabled: false } },
    `req-${index}-create`,
  );
  if (index % (options.renameEvery ?? 1) === 0) {
    brand.decide(
      {
        type: 'UpdateBrand',
        data: { brandId, name: `Brand ${index} Ltd`, customAuthEnabled: true },
      },
      `req-${index}-rename`,
    );
  }

  const appends: StreamAppend[] = [
    { streamName: brandStreamName(brandId), events: brand.events, expectedVersion: 'no_stream' },
  ];
  for (let k = 0; k < keys; k += 1) {
    const apiKeyId = counterUuid(index * 64 + k, 2);
    const key = decidedStream(apiKeyDecider, metadata);
    key.decide(
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
      key.decide({ type: 'RevokeApiKey', data: { apiKeyId, brandId } }, `req-${index}-revoke`);
    }
    appends.push({
      streamName: apiKeyStreamName(apiKeyId),
      events: key.events,
      expectedVersion: 'no_stream',
    });
  }
  return appends;
}

/** One stream decided command after command; its events carry the metadata of their request. */
function decidedStream<Command, State, Event extends NewEvent>(
  decider: {
    decide: (command: Command, state: State) => Event[];
    evolve: (state: State, event: Event) => State;
    initialState: () => State;
  },
  metadata: (requestId: string) => NonNullable<NewEvent['metadata']>,
) {
  let state = decider.initialState();
  const events: NewEvent[] = [];
  return {
    events,
    decide(command: Command, requestId: string): void {
      for (const event of decider.decide(command, state)) {
        state = decider.evolve(state, event);
        events.push({ ...event, metadata: metadata(requestId) });
      }
    },
  };
}

export const eventsIn = (appends: readonly StreamAppend[]): number =>
  appends.reduce((sum, append) => sum + append.events.length, 0);
