import type { Migration } from '@brand-api/event-store';

/**
 * The events feed: one row per event a brand's webhooks tell (whether or not it has an
 * endpoint), with the webhook's id and exact body. The keyset is the source event's log position
 * `(log_commit, log_prepare)`, so the feed and the stream go in log order; `written_xid` is the
 * transaction that wrote the row, for readers to stop before rows an older inline write, still
 * running, may yet commit a row before (`settledBoundSql` in queries.ts).
 */
export const eventFeedMigrations: readonly Migration[] = [
  {
    id: 'read-models/event-feed/001-brand-events',
    sql: `
CREATE TABLE IF NOT EXISTS brand_events (
  brand_id uuid NOT NULL,
  log_commit bigint NOT NULL,
  log_prepare bigint NOT NULL,
  id text NOT NULL,
  event_type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  body text NOT NULL,
  written_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (brand_id, log_commit, log_prepare)
);
CREATE UNIQUE INDEX IF NOT EXISTS brand_events_id ON brand_events (brand_id, id);
`,
  },
];
