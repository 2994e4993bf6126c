import { createProjectionRunner } from '@brand-api/event-store';
import type { Database, EventStore, ProjectionRunner } from '@brand-api/event-store';
import { createDeliverer } from './delivery/deliverer';
import type { Deliverer, DelivererOptions, WebhookLogger } from './delivery/deliverer';
import { createNodeHttpClient } from './delivery/http-client';
import type { WebhookHttpClient } from './delivery/http-client';
import type { TargetPolicy } from './delivery/target-guard';
import { webhookProjection } from './projection/webhook-projection';

export interface WebhookWorkerOptions {
  db: Database;
  store: EventStore;
  policy: TargetPolicy;
  /** Default: node:http(s) with keep-alive and the target guard of `policy`. */
  http?: WebhookHttpClient;
  logger?: WebhookLogger;
  clock?: () => Date;
  /** Tuning of the deliverer (timeouts, concurrency). */
  deliverer?: Omit<DelivererOptions, 'db' | 'store' | 'http' | 'logger' | 'clock'>;
  /** Projector poll interval when no wake-up arrives (default 100 ms). */
  projectorPollMs?: number;
}

export interface WebhookWorker {
  /** The webhook projector's own runner (never the read models'), for status and waits. */
  projector: ProjectionRunner;
  deliverer: Deliverer;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * What a `work` or `all` process runs for webhooks: the webhook projector (in a projection
 * runner of its own, so read-model rebuilds never replay it) and the deliverer. Several
 * processes may run it: one leads the projector (advisory lock), all deliver.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const ownsHttp = options.http === undefined;
  const http = options.http ?? createNodeHttpClient({ policy: options.policy });
  const logger = options.logger;
  const projector = createProjectionRunner({
    db: options.db,
    store: options.store,
    projections: [webhookProjection],
    pollMs: options.projectorPollMs ?? 100,
    onError: (error, projection) =>
      logger?.error({ err: error, projection }, 'webhook projection failed'),
  });
  const deliverer = createDeliverer({
    ...options.deliverer,
    db: options.db,
    store: options.store,
    http,
    ...(logger ? { logger } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    projector,
    deliverer,
    async start() {
      await projector.start();
      await deliverer.start();
    },
    async stop() {
      await projector.stop();
      await deliverer.stop();
      if (ownsHttp) http.close();
    },
  };
}
