import type { Migration } from '../db';

/**
 * One checkpoint per projection, written in the same transaction as the projection's effects,
 * so a crash can never separate "applied" from "recorded as applied".
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
];

/** Channel a runner notifies after moving a checkpoint, to wake `waitFor` in other processes. */
export const checkpointsChannel = 'projection_checkpoints';
