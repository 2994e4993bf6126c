import { refuseMultiStreamAppends, singleStreamWhenRequested } from './single-stream';
import { createTestEventStore, describeEventStoreConformance, hasPostgresServer } from './testing';

jest.setTimeout(60_000);

const where = hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite';

// The mode EVENT_STORE_SINGLE_STREAM=true switches on: the Postgres store keeps every promise of
// the port but refuses multi-stream appends exactly as EventStoreDB does, so the one-stream-at-
// a-time command path runs here although no EventStoreDB server can.
describeEventStoreConformance(
  `Postgres adapter refusing multi-stream appends on ${where}`,
  async () => {
    const { store, appendSlowly, close } = await createTestEventStore({ poolSize: 20 });
    return { store: refuseMultiStreamAppends(store), appendSlowly, close };
  },
  {
    multiStreamAppend: false,
    naiveReaderUnavailable: 'shown by the Postgres adapter’s own conformance run',
  },
);

describe('EVENT_STORE_SINGLE_STREAM', () => {
  const store = {} as Parameters<typeof singleStreamWhenRequested>[0];
  it('wraps the store when true or 1, and leaves it as it is otherwise', () => {
    expect(singleStreamWhenRequested(store, { EVENT_STORE_SINGLE_STREAM: 'true' })).not.toBe(store);
    expect(singleStreamWhenRequested(store, { EVENT_STORE_SINGLE_STREAM: '1' })).not.toBe(store);
    expect(singleStreamWhenRequested(store, { EVENT_STORE_SINGLE_STREAM: 'false' })).toBe(store);
    expect(singleStreamWhenRequested(store, {})).toBe(store);
  });
});
