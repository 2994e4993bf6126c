import type { EventStore } from './event-store';
import { MultiStreamAppendUnsupportedError } from './event-store';
import { overriding } from './store-decorator';

/**
 * The store, refusing to append to several streams at once as EventStoreDB does. No
 * EventStoreDB server runs on our machines, so the command path EventStoreDB forces (claim
 * first, then the entity, compensated on failure) is proven on Postgres/PGlite in this mode.
 * Everything else is the wrapped store's own behaviour.
 */
export function refuseMultiStreamAppends(store: EventStore): EventStore {
  const appendToStreams: EventStore['appendToStreams'] = (appends) =>
    appends.length > 1
      ? Promise.reject(
          new MultiStreamAppendUnsupportedError(
            'This event store appends to one stream per transaction (EVENT_STORE_SINGLE_STREAM=true)',
          ),
        )
      : store.appendToStreams(appends);
  return overriding(store, { appendToStreams });
}

/** True when `EVENT_STORE_SINGLE_STREAM` asks for single-stream appends (`true` or `1`). */
export function singleStreamRequested(env: Record<string, string | undefined>): boolean {
  const raw = env.EVENT_STORE_SINGLE_STREAM?.trim().toLowerCase();
  return raw === 'true' || raw === '1';
}

/**
 * The store as `EVENT_STORE_SINGLE_STREAM` asks for it: refusing multi-stream appends when set,
 * else unchanged. Tests open their stores through it, so one variable switches a whole run.
 */
export function singleStreamWhenRequested(
  store: EventStore,
  env: Record<string, string | undefined> = process.env,
): EventStore {
  return singleStreamRequested(env) ? refuseMultiStreamAppends(store) : store;
}
