import type { Migration } from '../db';
import { appendMigration } from './append-streams-sql';
import { appendStreamsCheckedMigrationV1, appendStreamsMigrationV1 } from './append-streams-v1';

/** The migrations that make the append functions, this version's last (append-streams-sql.ts). */
export const appendFunctionMigrations: readonly Migration[] = [
  appendStreamsMigrationV1,
  appendStreamsCheckedMigrationV1,
  appendMigration,
];

/**
 * The event log. Readers order and checkpoint by (transaction_id, global_position): a global
 * position alone is handed out before commit, so positions commit out of order and a reader
 * polling `global_position > last` skips late commits. Only transactions older than the oldest
 * running one (`pg_snapshot_xmin`) are read, so nothing can still appear before a checkpoint.
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: 'event-store/001-events',
    sql: `
CREATE TABLE events (
  global_position bigserial PRIMARY KEY,
  stream_name text NOT NULL,
  stream_version integer NOT NULL CHECK (stream_version >= 0),
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  schema_version integer NOT NULL DEFAULT 1,
  event_id uuid NOT NULL,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT events_stream_version_key UNIQUE (stream_name, stream_version),
  CONSTRAINT events_event_id_key UNIQUE (event_id)
);
CREATE INDEX events_commit_order_idx ON events (transaction_id, global_position);
`,
  },
  {
    // `readByRequestId`: everything one request did must be a lookup, not a scan of the log.
    // IF NOT EXISTS: databases migrated before this id got the same index from the API's
    // former migration `api/operators/001-events-request-id`, whose record stays harmless.
    id: 'event-store/002-events-request-id',
    sql: `CREATE INDEX IF NOT EXISTS events_request_id_idx ON events ((metadata->>'requestId'))`,
  },
  {
    // `readByIdempotencyKeyId`: was this idempotent request applied? Partial, because most
    // events carry no idempotency key.
    id: 'event-store/003-events-idempotency-key-id',
    sql: `CREATE INDEX IF NOT EXISTS events_idempotency_key_id_idx ON events ((metadata->>'idempotencyKeyId'))
  WHERE (metadata->>'idempotencyKeyId') IS NOT NULL`,
  },
  ...appendFunctionMigrations,
];

/** Notification channel appenders wake readers on. */
export const eventsAppendedChannel = 'event_store_appended';
