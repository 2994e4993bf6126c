import type { EventStore, LogPosition } from '@brand-api/event-store';

/**
 * What progress totals and projection lag need to know about the log past a checkpoint, from
 * the event-store port, so they hold on every adapter. Counting after a checkpoint costs the
 * lag, not the log (see `EventStore.countEvents`).
 */
export interface LogStats {
  countAfter(position: LogPosition): Promise<number>;
  /** When the oldest event readers can see after `position` was recorded; undefined when none. */
  oldestAfter(position: LogPosition): Promise<Date | undefined>;
}

export function createLogStats(store: EventStore): LogStats {
  return {
    countAfter: (position) => store.countEvents({ after: position }),
    async oldestAfter(position) {
      const [oldest] = await store.readAll({ after: position, limit: 1 });
      return oldest?.recordedAt;
    },
  };
}
