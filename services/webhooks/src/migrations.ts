import type { Migration } from '@brand-api/event-store';

/**
 * Tables of the webhook projector and the deliverer.
 *
 * - `webhook_endpoints`: the endpoints as the webhook projector last saw them in the log, so a
 *   message fans out to the endpoints that existed at the event's position (replays agree).
 * - `webhook_messages`: one signed body per domain event; its id is the `webhook-id`.
 * - `webhook_deliveries`: the outbox, one row per message and matching endpoint. Never emptied
 *   by a replay of the projector: the deterministic keys turn a re-projected message into a no-op.
 * - `webhook_attempts`: every HTTP attempt, for operators and brands' debugging.
 */
export const webhookMigrations: readonly Migration[] = [
  {
    id: 'webhooks/001-endpoints-messages-deliveries-attempts',
    sql: `
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id uuid PRIMARY KEY,
  brand_id uuid NOT NULL,
  url text NOT NULL,
  event_types text[],
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_brand ON webhook_endpoints (brand_id, created_at, id);
CREATE TABLE IF NOT EXISTS webhook_messages (
  id text PRIMARY KEY,
  brand_id uuid NOT NULL,
  event_type text NOT NULL,
  event_id uuid NOT NULL,
  body text NOT NULL,
  occurred_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id text NOT NULL REFERENCES webhook_messages (id),
  endpoint_id uuid NOT NULL,
  brand_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  claim_token uuid,
  last_status_code integer,
  last_error text,
  occurred_at timestamptz NOT NULL,
  finished_at timestamptz,
  UNIQUE (message_id, endpoint_id)
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due
  ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint
  ON webhook_deliveries (endpoint_id, status, occurred_at);
CREATE TABLE IF NOT EXISTS webhook_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id),
  message_id text NOT NULL,
  endpoint_id uuid NOT NULL,
  attempt integer NOT NULL,
  url text NOT NULL,
  attempted_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'retrying', 'failed')),
  error text,
  response_excerpt text,
  next_attempt_at timestamptz
);
CREATE INDEX IF NOT EXISTS webhook_attempts_endpoint ON webhook_attempts (endpoint_id, id);
`,
  },
];
