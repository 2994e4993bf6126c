import type { LogPosition, Queryable } from '@brand-api/event-store';

/**
 * Counts over the Postgres event log that the port does not offer (it streams, it does not
 * count): progress totals and projection lag. Counting after a checkpoint walks the
 * `(transaction_id, global_position)` index from there, so it costs the lag, not the log.
 */
export interface LogStats {
  countAfter(position: LogPosition): Promise<number>;
  /** When the oldest event after `position` was recorded; undefined when there is none. */
  oldestAfter(position: LogPosition): Promise<Date | undefined>;
}

export function createPostgresLogStats(db: Queryable): LogStats {
  return {
    async countAfter(position) {
      const { rows } = await db.query<{ count: number }>(
        `SELECT count(*)::bigint AS count FROM events
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
        [position.commit, position.prepare],
      );
      return rows[0]?.count ?? 0;
    },
    async oldestAfter(position) {
      const { rows } = await db.query<{ recorded_at: Date }>(
        `SELECT recorded_at FROM events
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         ORDER BY transaction_id, global_position LIMIT 1`,
        [position.commit, position.prepare],
      );
      return rows[0]?.recorded_at;
    },
  };
}
