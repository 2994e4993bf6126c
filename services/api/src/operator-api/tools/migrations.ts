import type { Migration } from '@brand-api/event-store';

/** Operator look-ups over the event log: "everything request X did" must not scan the log. */
export const operatorMigrations: readonly Migration[] = [
  {
    id: 'api/operators/001-events-request-id',
    sql: `CREATE INDEX IF NOT EXISTS events_request_id_idx ON events ((metadata->>'requestId'))`,
  },
];
