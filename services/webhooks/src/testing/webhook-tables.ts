import {
  createProjectionRunner,
  eventStoreMigrations,
  projectionMigrations,
} from '@brand-api/event-store';
import type { Database, EventStore, Migration, ProjectionRunner } from '@brand-api/event-store';
import { webhookMigrations } from '../migrations';
import { webhookProjection } from '../projection/webhook-projection';

/** What the webhook projector and deliverer run on: the event log, checkpoints, webhook tables. */
export const webhookTestMigrations: readonly Migration[] = [
  ...eventStoreMigrations,
  ...projectionMigrations,
  ...webhookMigrations,
];

/** The webhook projector alone, polling every 20 ms, as the specs and the bench drive it. */
export const webhookProjector = (db: Database, store: EventStore): ProjectionRunner =>
  createProjectionRunner({ db, store, projections: [webhookProjection], pollMs: 20 });
