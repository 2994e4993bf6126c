import { createPgDatabase } from '@brand-api/event-store';
import type { Database, EventStore } from '@brand-api/event-store';
import type { WebhookLogger } from './delivery/deliverer';
import { targetPolicyFromEnv } from './delivery/target-guard';
import { createWebhookWorker } from './worker';
import type { WebhookWorker } from './worker';

export interface WebhookRuntimeOptions {
  /** The process's database; used as is on embedded PGlite (one process, one connection). */
  db: Database;
  /** A Postgres server: the worker then opens a pool of its own (see below). */
  databaseUrl: string | undefined;
  /** The process's event log. */
  store: EventStore;
  /** Builds the Postgres event store on the worker's pool; absent when the log is elsewhere. */
  storeOn?: (db: Database) => EventStore;
  logger?: WebhookLogger;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS is read from it. */
  env: Record<string, string | undefined>;
}

export interface WebhookRuntime {
  worker: WebhookWorker;
  stop(): Promise<void>;
}

/** Connections the worker holds for good (projector lock, 3 LISTENs) plus working ones. */
const workerPoolSize = 8;

/**
 * Starts the webhook projector and deliverer of a `work` or `all` process. On a server they get
 * their own small pool: the projector's lock and the LISTENs hold connections for good, and
 * sharing the API's pool would let them starve requests (or the reverse).
 */
export async function startWebhookRuntime(options: WebhookRuntimeOptions): Promise<WebhookRuntime> {
  const ownDb =
    options.databaseUrl === undefined
      ? undefined
      : createPgDatabase({
          connectionString: options.databaseUrl,
          max: workerPoolSize,
          applicationName: 'brand-api-webhooks',
        });
  const db = ownDb ?? options.db;
  const store = ownDb && options.storeOn ? options.storeOn(ownDb) : options.store;
  const worker = createWebhookWorker({
    db,
    store,
    policy: targetPolicyFromEnv(options.env),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  try {
    await worker.start();
  } catch (error) {
    await ownDb?.close();
    throw error;
  }
  return {
    worker,
    async stop() {
      await worker.stop();
      if (store !== options.store) await store.close();
      await ownDb?.close();
    },
  };
}
