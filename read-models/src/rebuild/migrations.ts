import type { Migration } from '@brand-api/event-store';

/**
 * The resumable checkpoint of a shadow rebuild (or verify), one row per projection. The shadow
 * replay moves it in the same transaction as its writes to the shadow tables, exactly like the
 * live runner's checkpoint, so a rebuild killed at any point resumes where it committed.
 */
export const rebuildMigrations: readonly Migration[] = [
  {
    id: 'read-models/rebuild/001-projection-rebuilds',
    sql: `
CREATE TABLE IF NOT EXISTS projection_rebuilds (
  name text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('rebuild', 'verify')),
  fingerprint text NOT NULL,
  shadow_schema text NOT NULL,
  commit bigint NOT NULL DEFAULT 0,
  prepare bigint NOT NULL DEFAULT 0,
  events_done bigint NOT NULL DEFAULT 0,
  events_total bigint,
  state text NOT NULL CHECK (state IN ('replaying', 'swapping', 'comparing', 'interrupted', 'failed', 'done')),
  cancel_requested boolean NOT NULL DEFAULT false,
  last_error text,
  result jsonb,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
`,
  },
  {
    // Events the replay passed over (a projection failing on them for good), kept with the
    // shadow so a resumed run still knows them and the swap can park them live.
    id: 'read-models/rebuild/002-passed-over',
    sql: `ALTER TABLE projection_rebuilds ADD COLUMN IF NOT EXISTS passed_over jsonb NOT NULL DEFAULT '[]'::jsonb;`,
  },
];
