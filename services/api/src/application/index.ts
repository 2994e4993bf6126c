import type { CommandEngine, Database, EventStore } from '@brand-api/event-store';
import { memberIdsInGroup, variantIdsOfProducts } from '@brand-api/read-models';
import type { TargetPolicy } from '@brand-api/webhooks';
import { brandCommands } from './brands';
import { catalogueCommands } from './catalogue';
import { communityCommands } from './community';
import { webhookCommands } from './webhooks';

export interface ApplicationDeps {
  engine: CommandEngine;
  eventStore: EventStore;
  db: Database;
  ids: () => string;
  clock: () => Date;
  /** PUBLIC_URL: magic links' `returnTo` must stay on its origin. */
  publicUrl: () => string;
  webhookTargetPolicy: () => TargetPolicy;
  logger: { warn(details: object, message: string): void };
}

/**
 * The application layer: one module of use cases per bounded context, each loading, deciding
 * and appending through the one command engine. The three APIs and the demo bootstrap write
 * through it; two background writers run their commands on the engine directly, outside any
 * request: the webhook deliverer (`services/webhooks`) and the claim sweeper
 * (`runtime/claim-sweeper.ts`).
 */
export function createApplication(deps: ApplicationDeps) {
  const { engine, ids } = deps;
  return {
    engine,
    catalogue: catalogueCommands({
      engine,
      ids,
      variantsOf: (productIds) => variantIdsOfProducts(deps.db, productIds),
    }),
    community: communityCommands({
      engine,
      eventStore: deps.eventStore,
      ids,
      membersOf: (memberGroupId) => memberIdsInGroup(deps.db, memberGroupId),
      siteOrigin: () => new URL(deps.publicUrl()).origin,
    }),
    brands: brandCommands({ engine, ids }),
    webhooks: webhookCommands({
      engine,
      db: deps.db,
      ids,
      clock: deps.clock,
      targetPolicy: deps.webhookTargetPolicy,
      logger: deps.logger,
    }),
  };
}

export type Application = ReturnType<typeof createApplication>;
