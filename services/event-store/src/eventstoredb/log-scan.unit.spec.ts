import type { LogPosition, ReadAllOptions, RecordedEvent } from '../event-store';
import { comparePositions } from '../event-store';
import { scanByRequestId, scanCount, scanForPosition, scanPageSize } from './log-scan';

/**
 * An EventStoreDB-like $all: each append of three events writes three records 100 bytes
 * apart, all committed at the position after the last one (as a commit record would be).
 */
function fakeLog(appends: number): {
  events: RecordedEvent[];
  readAll: jest.Mock<Promise<RecordedEvent[]>, [ReadAllOptions]>;
} {
  const events: RecordedEvent[] = [];
  for (let append = 0; append < appends; append += 1) {
    const start = 1000 + append * 400;
    for (let i = 0; i < 3; i += 1) {
      events.push({
        id: `${append}-${i}`,
        type: 'Tested',
        data: {},
        metadata: { requestId: `request-${append % 7}` },
        schemaVersion: 1,
        streamName: `s-${append}`,
        streamVersion: i,
        position: { commit: start + 300, prepare: start + i * 100 },
        recordedAt: new Date(0),
      });
    }
  }
  const readAll = jest.fn((options: ReadAllOptions) => {
    const after = options.after;
    const page = events
      .filter((e) => !after || comparePositions(e.position, after) > 0)
      .slice(0, options.limit);
    return Promise.resolve(page);
  });
  return { events, readAll };
}

describe('walking $all where EventStoreDB has no index', () => {
  it('finds every event of a request across pages, in log order', async () => {
    const { events, readAll } = fakeLog(1000); // 3,000 events: three pages and an empty one
    const found = await scanByRequestId(readAll, 'request-3');
    expect(found.map((e) => e.id)).toEqual(
      events.filter((e) => e.metadata.requestId === 'request-3').map((e) => e.id),
    );
    expect(readAll).toHaveBeenCalledTimes(4);
    expect(readAll.mock.calls.every(([options]) => options.limit === scanPageSize)).toBe(true);
  });

  it('resolves the prepare position of any event of an append to its full position', async () => {
    const { events, readAll } = fakeLog(10);
    for (const event of events) {
      expect(await scanForPosition(readAll, event.position.prepare)).toEqual(event.position);
    }
    expect(await scanForPosition(readAll, 1050)).toBeUndefined(); // inside a record
    expect(await scanForPosition(readAll, 999)).toBeUndefined(); // before the log
    expect(await scanForPosition(readAll, 1_000_000)).toBeUndefined(); // past its end
  });

  it('stops reading once the log has passed the position', async () => {
    const { events, readAll } = fakeLog(1000);
    const early = events[10]!.position;
    expect(await scanForPosition(readAll, early.prepare)).toEqual(early);
    expect(readAll).toHaveBeenCalledTimes(1);
  });

  it('counts the events after a position, or in the whole log', async () => {
    const { events, readAll } = fakeLog(700);
    expect(await scanCount(readAll, undefined)).toBe(2100);
    const after: LogPosition = events[1999]!.position;
    expect(await scanCount(readAll, after)).toBe(100);
    expect(await scanCount(readAll, events.at(-1)!.position)).toBe(0);
  });
});
