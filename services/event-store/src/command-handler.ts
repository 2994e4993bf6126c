import type {
  EventMetadata,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
  RecordedEvent,
} from './event-store';
import { ConcurrencyError } from './event-store';

/** A domain event as deciders produce and evolve consumes it. */
export interface DomainEvent {
  type: string;
  data: unknown;
  metadata?: EventMetadata;
  /** Deterministic ids make a retried command's events recognisable. */
  id?: string;
  schemaVersion?: number;
}

export interface HandleCommandOptions<State, Command, Event extends DomainEvent> {
  store: EventStore;
  streamName: string;
  /** A value or a factory (a factory keeps mutable initial states from being shared). */
  initialState: State | (() => State);
  evolve: (state: State, event: Event) => State;
  /** Pure: the same command and state always decide the same events; throws on a rule broken. */
  decide: (command: Command, state: State) => Event | readonly Event[];
  command: Command;
  /** Retries after a ConcurrencyError: the stream is re-read and the command decided again (default 3). */
  maxRetries?: number;
  /** Merged into every event's metadata (brand, actor, request and correlation ids). */
  metadata?: EventMetadata;
  /** Turns a stored event into the decider's event, upcasting old schema versions (default: type and data). */
  fromRecorded?: (event: RecordedEvent) => Event;
}

export interface HandleCommandResult<State, Event extends DomainEvent> {
  /** The events appended (none when the command changed nothing). */
  events: Event[];
  newState: State;
  /** Position of the last event appended, for read-after-write; undefined when nothing was appended. */
  position: LogPosition | undefined;
  /** Version of the stream's last event; undefined when the stream does not exist. */
  streamVersion: number | undefined;
}

const defaultFromRecorded = <Event extends DomainEvent>(event: RecordedEvent): Event =>
  ({ type: event.type, data: event.data, metadata: event.metadata }) as Event;

/**
 * The one place that does a command's I/O: read the stream, fold `evolve`, `decide`, append
 * with the version read as the expected version, and start over on a concurrency conflict.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<HandleCommandResult<State, Event>> {
  const { store, streamName, evolve, decide, command, metadata } = options;
  const maxRetries = options.maxRetries ?? 3;
  const fromRecorded = options.fromRecorded ?? defaultFromRecorded<Event>;
  const initialState = () =>
    typeof options.initialState === 'function'
      ? (options.initialState as () => State)()
      : options.initialState;

  for (let attempt = 0; ; attempt += 1) {
    const recorded = await store.readStream(streamName);
    const state = recorded.map(fromRecorded).reduce(evolve, initialState());
    const streamVersion = recorded.at(-1)?.streamVersion;
    const decided = decide(command, state);
    const events: Event[] = Array.isArray(decided)
      ? [...(decided as readonly Event[])]
      : [decided as Event];
    if (events.length === 0) {
      return { events, newState: state, position: undefined, streamVersion };
    }
    const expectedVersion: ExpectedVersion = streamVersion ?? 'no_stream';
    try {
      const result = await store.appendToStream(
        streamName,
        events.map((e) => toNewEvent(e, metadata)),
        {
          expectedVersion,
        },
      );
      return {
        events,
        newState: events.reduce(evolve, state),
        position: result.position,
        streamVersion: result.nextExpectedVersion,
      };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= maxRetries) throw error;
    }
  }
}

function toNewEvent(event: DomainEvent, metadata: EventMetadata | undefined): NewEvent {
  return {
    ...(event.id === undefined ? {} : { id: event.id }),
    type: event.type,
    data: event.data,
    metadata: { ...metadata, ...event.metadata },
    ...(event.schemaVersion === undefined ? {} : { schemaVersion: event.schemaVersion }),
  };
}
