import type { EventStore, LogPosition, RecordedEvent } from '../event-store';
import { eventually } from './eventually';

/**
 * Every event of the log, for tests that check what was (or was not) stored: "a refused request
 * writes nothing", "a secret never reaches the log". It waits until readers see as many events
 * as `countEvents` counts, so an event committed behind a running transaction is not missed.
 */
export async function readWholeLog(store: EventStore): Promise<RecordedEvent[]> {
  let events: RecordedEvent[] = [];
  await eventually(
    async () => {
      const expected = await store.countEvents();
      events = [];
      for (let after: LogPosition | undefined; ;) {
        const page = await store.readAll({ ...(after ? { after } : {}), limit: 1000 });
        events.push(...page);
        if (page.length < 1000) break;
        after = page.at(-1)!.position;
      }
      return events.length >= expected;
    },
    { message: 'readers did not see every counted event' },
  );
  return events;
}
