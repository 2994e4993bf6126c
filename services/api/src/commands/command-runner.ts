import type { EventActor } from '@brand-api/contracts';
import { handleCommand } from '@brand-api/event-store';
import type {
  EventStore,
  LogPosition,
  ProjectionObserver,
  RecordedEvent,
} from '@brand-api/event-store';
import type { Logger } from 'pino';

/** The shape every domain event has (contracts' `defineEvent`). */
export interface DomainEvent {
  type: string;
  schemaVersion: number;
  data: unknown;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

/** Who asked and in which request: becomes the metadata of every event appended. */
export interface CommandContext {
  brandId: string;
  actor: EventActor;
  requestId: string | null;
  correlationId: string;
  causationId: string | null;
}

export interface CommandOutcome<State, Event> {
  /** The state after the new events: responses are built from it, not from a second read. */
  state: State;
  events: Event[];
  /** Where the last event landed; undefined when the command changed nothing. */
  position: LogPosition | undefined;
  /** False when the read models did not reach `position` within the wait. */
  visible: boolean;
}

/** Read-after-write: resolves true once the read-model projections have reached `position`. */
export interface ProjectionWaiter {
  waitFor(position: LogPosition, timeoutMs: number): Promise<boolean>;
  /** The projection runner's observer hook; without it, read caches stay off. */
  observe?(observer: ProjectionObserver): () => void;
}

export interface CommandRunner {
  execute<Command, Event extends DomainEvent, State>(
    decider: Decider<Command, Event, State>,
    streamName: string,
    command: Command,
    context: CommandContext,
  ): Promise<CommandOutcome<State, Event>>;
}

export interface CommandRunnerDeps {
  eventStore: EventStore;
  projections: ProjectionWaiter;
  clock: () => Date;
  logger: Logger;
  /** Bound on the read-after-write wait (default 5 s). */
  waitTimeoutMs?: number;
  /** Retries when another writer appended to the stream between read and append. */
  maxRetries?: number;
}

/**
 * Runs a command through the event store's `handleCommand` (load, fold, decide, append with
 * the expected version, retry on a concurrent append), then waits until the read models have
 * seen the write, so a GET right after the response sees it.
 */
export function createCommandRunner(deps: CommandRunnerDeps): CommandRunner {
  const waitTimeoutMs = deps.waitTimeoutMs ?? 5_000;

  return {
    async execute<Command, Event extends DomainEvent, State>(
      decider: Decider<Command, Event, State>,
      streamName: string,
      command: Command,
      context: CommandContext,
    ): Promise<CommandOutcome<State, Event>> {
      const result = await handleCommand<State, Command, Event>({
        store: deps.eventStore,
        streamName,
        initialState: decider.initialState,
        evolve: decider.evolve,
        decide: decider.decide,
        command,
        metadata: { ...context, occurredAt: deps.clock().toISOString() },
        ...(deps.maxRetries === undefined ? {} : { maxRetries: deps.maxRetries }),
        fromRecorded: toDomainEvent,
      });
      const { position } = result;
      if (position === undefined) {
        return { state: result.newState, events: result.events, position, visible: true };
      }
      const visible = await deps.projections.waitFor(position, waitTimeoutMs);
      if (!visible) {
        deps.logger.warn(
          { streamName, position, requestId: context.requestId, waitTimeoutMs },
          'read models did not reach the write in time',
        );
      }
      return { state: result.newState, events: result.events, position, visible };
    },
  };
}

function toDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return {
    type: recorded.type,
    schemaVersion: recorded.schemaVersion,
    data: recorded.data,
  } as Event;
}
