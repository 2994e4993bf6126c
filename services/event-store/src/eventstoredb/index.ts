import type { EventStore } from '../event-store';
import type * as Adapter from './eventstoredb-event-store';
import type { EventStoreDbOptions } from './eventstoredb-event-store';

export type { EventStoreDbOptions } from './eventstoredb-event-store';

/**
 * The EventStoreDB (or KurrentDB) adapter. The gRPC client is required on first use, so
 * processes on the Postgres default (and every test file) do not pay ~0.25 s to load it.
 */
export function createEventStoreDbEventStore(
  connectionString: string,
  options: EventStoreDbOptions = {},
): EventStore {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load (CommonJS output)
  const adapter = require('./eventstoredb-event-store') as typeof Adapter;
  return adapter.createEventStoreDbClientStore(connectionString, options);
}
