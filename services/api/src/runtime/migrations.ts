import type { Migration } from '@brand-api/event-store';
import { eventStoreMigrations, projectionMigrations } from '@brand-api/event-store';
import {
  brandsMigrations,
  catalogueMigrations,
  communityMigrations,
  eventFeedMigrations,
  rebuildMigrations,
} from '@brand-api/read-models';
import { idempotencyMigrations } from '../brand-api/idempotency';
import { catalogueApiMigrations } from '../brand-api/catalogue';
import { memberSessionMigrations } from '../community-api/member-sessions';
import { webhookMigrations } from '@brand-api/webhooks';

/** Tables the API process itself owns (not derived from events). */
export const apiMigrations: readonly Migration[] = [
  {
    id: 'api/001-operator-credentials',
    sql: `
CREATE TABLE IF NOT EXISTS operator_credentials (
  name text PRIMARY KEY,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
];

/** Every migration the runtime applies on start, in order. A feature adds its list here. */
export const allMigrations: readonly Migration[] = [
  ...eventStoreMigrations,
  ...projectionMigrations,
  ...brandsMigrations,
  ...catalogueMigrations,
  ...catalogueApiMigrations,
  ...communityMigrations,
  ...memberSessionMigrations,
  ...eventFeedMigrations,
  ...webhookMigrations,
  ...apiMigrations,
  ...idempotencyMigrations,
  ...rebuildMigrations,
];
