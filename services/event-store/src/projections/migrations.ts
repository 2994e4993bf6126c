import type { Migration } from '../db';

/**
 * One checkpoint per projection, written in the same transaction as the projection's effects,
 * so a crash can never separate "applied" from "recorded as applied".
 *
 * Parked events: an event a projection kept failing on (a value its tables cannot hold, a bug)
 * is recorded here and passed over, so one bad event cannot stop the projection for everyone.
 * `parked` on the checkpoint counts the open ones; it moves in the same transaction as the
 * rows, so a waiter that sees the checkpoint past an event also sees whether it was parked.
 */
export const projectionMigrations: Migration[] = [
  {
    id: 'event-store/002-projection-checkpoints',
    sql: `
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  version integer NOT NULL,
  commit bigint NOT NULL DEFAULT 0,
  prepare bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'running', 'stopped', 'failed')),
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    id: 'event-store/003-parked-events',
    sql: `
ALTER TABLE projection_checkpoints ADD COLUMN parked integer NOT NULL DEFAULT 0;
CREATE TABLE projection_parked_events (
  projection text NOT NULL,
  commit bigint NOT NULL,
  prepare bigint NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  stream_name text NOT NULL,
  stream_version integer NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'parked' CHECK (status IN ('parked', 'retried', 'skipped')),
  resolved_at timestamptz,
  PRIMARY KEY (projection, commit, prepare)
);
CREATE INDEX projection_parked_events_open
  ON projection_parked_events (projection, commit, prepare) WHERE status = 'parked';
`,
  },
  {
    // Inline projections (applied in the append's transaction) keep their row, marked inline:
    // its position is where the projection stopped being applied by a runner.
    id: 'event-store/005-inline-projection-status',
    sql: `
ALTER TABLE projection_checkpoints DROP CONSTRAINT projection_checkpoints_status_check;
ALTER TABLE projection_checkpoints ADD CONSTRAINT projection_checkpoints_status_check
  CHECK (status IN ('idle', 'running', 'stopped', 'failed', 'inline'));
`,
  },
];

/** Channel a runner notifies after moving a checkpoint, to wake `waitFor` in other processes. */
export const checkpointsChannel = 'projection_checkpoints';
