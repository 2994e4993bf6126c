import type { EventStore, RecordedEvent } from './event-store';
import { overriding } from './store-decorator';

/**
 * How one old schema version of an event type becomes the next: `upcast` takes the data
 * stored at `fromVersion` and returns the data of version `fromVersion + 1`. Events are never
 * rewritten in the log; they are upcast each time they are read.
 */
export interface EventUpcast {
  type: string;
  fromVersion: number;
  upcast(data: unknown): unknown;
}

/**
 * Every upcast of a log, by event type and version. An event is upcast one version at a time
 * until no upcast starts at its version, so a version-1 event reads as version 3 when 1→2 and
 * 2→3 are registered.
 */
export class UpcasterRegistry {
  private readonly steps = new Map<string, EventUpcast>();

  constructor(upcasts: readonly EventUpcast[]) {
    for (const upcast of upcasts) {
      const key = stepKey(upcast.type, upcast.fromVersion);
      if (this.steps.has(key)) {
        throw new Error(`Two upcasts of ${upcast.type} from version ${upcast.fromVersion}`);
      }
      this.steps.set(key, upcast);
    }
  }

  get size(): number {
    return this.steps.size;
  }

  /** The event in its newest shape: itself when nothing upcasts its type at its version. */
  upcast(event: RecordedEvent): RecordedEvent {
    let current = event;
    for (
      let step = this.steps.get(stepKey(current.type, current.schemaVersion));
      step !== undefined;
      step = this.steps.get(stepKey(current.type, current.schemaVersion))
    ) {
      current = {
        ...current,
        data: step.upcast(current.data),
        schemaVersion: step.fromVersion + 1,
      };
    }
    return current;
  }
}

function stepKey(type: string, version: number): string {
  return `${type}@${version}`;
}

/**
 * The store, upcasting every event it reads: the one place old event versions are upcast.
 * Everything that reads the log reads it through the store — the command engine's loads, the
 * projection runner, a read-model rebuild, the claim sweeper, the operator's history, time
 * travel and export — so open the store with it once (the API's runtime does) and each of
 * them sees today's shapes. With no upcast registered the store is returned as it is.
 */
export function upcastOnRead(store: EventStore, upcasts: readonly EventUpcast[]): EventStore {
  const registry = new UpcasterRegistry(upcasts);
  if (registry.size === 0) return store;
  const each = (events: RecordedEvent[]) => events.map((event) => registry.upcast(event));
  return overriding(store, {
    readStream: (streamName, options) => store.readStream(streamName, options).then(each),
    readStreams: async (streamNames, options) => {
      const streams = await store.readStreams(streamNames, options);
      return new Map([...streams].map(([name, events]) => [name, each(events)]));
    },
    readAll: (options) => store.readAll(options).then(each),
    readByRequestId: (requestId) => store.readByRequestId(requestId).then(each),
  });
}
