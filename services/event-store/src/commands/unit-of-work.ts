import type { Decider } from '@brand-api/domain';
import type { EventStore, ExpectedVersion, LogPosition, RecordedEvent } from '../event-store';
import { MultiStreamAppendUnsupportedError } from '../event-store';
import { ForeignStreamError, ReservationPendingError } from './errors';
import type { CommandContext, CommandMetadata, DomainEvent } from './command-context';
import { isClaimDecider, reservedForOf } from './reservations';
import type { ChangedStream } from './single-stream-commit';
import {
  appendsOneStreamAtATime,
  commitOneStreamAtATime,
  rememberOneStreamAtATime,
} from './single-stream-commit';
import type { StreamStates } from './stream-states';

/** A stream read once for this command, with the events decided on it since. */
export class TrackedStream<Command, State, Event extends DomainEvent> {
  readonly pending: Event[] = [];

  constructor(
    readonly streamName: string,
    readonly decider: Decider<Command, State, Event>,
    public state: State,
    readonly expectedVersion: ExpectedVersion,
    /** Another brand's stream: it reads as absent and may not be written. */
    private readonly foreign: boolean,
  ) {}

  /** Decides on the current state (after earlier decisions of this command) and keeps the events. */
  decide(command: Command): Event[] {
    const events = this.decider.decide(command, this.state);
    if (events.length > 0 && this.foreign) throw new ForeignStreamError(this.streamName);
    this.pending.push(...events);
    this.state = events.reduce(this.decider.evolve, this.state);
    return events;
  }
}

type AnyTracked = TrackedStream<never, unknown, DomainEvent>;

/**
 * Everything one command reads and decides, appended at the end in one atomic multi-stream
 * append, each stream with the version it was read at: an entity's events and its store-id
 * claim are written together or not at all, and a concurrent writer of any of them makes
 * the whole append fail with a ConcurrencyError (the caller runs the command again).
 *
 * A store that cannot append several streams at once (EventStoreDB) says so once, and from then
 * on its commits go one stream at a time: claims first, then entities, a claim whose entity
 * failed cancelled again (`commitOneStreamAtATime`).
 */
export class UnitOfWork {
  private readonly streams = new Map<string, AnyTracked>();
  /** Streams asked for since the last read went out, and the one read that will fetch them all. */
  private batch:
    { from: Map<string, number>; read: Promise<Map<string, RecordedEvent[]>> } | undefined;

  /** Streams `loadExpectingNew` assumed absent without reading them. */
  private readonly assumed = new Set<string>();

  constructor(
    private readonly store: EventStore,
    readonly brandId: string,
    /** This process's folded stream states: a load then reads only the events since. */
    private readonly states?: StreamStates,
    /** Which run of the command this unit serves (1 the first; the engine counts lost races). */
    readonly attempt = 1,
  ) {}

  /**
   * A stream that is new almost every time (the claim of a store id being created): on the
   * command's first run it is not read but assumed absent, and appended expecting no stream;
   * a stream that exists after all makes that append conflict, and the engine runs the command
   * again, which reads it (a taken store id is then refused, a freed one claimed again). A
   * create then costs no read at all. On a later run, or when this process already knows the
   * stream, it is an ordinary `load`.
   */
  async loadExpectingNew<Command, State, Event extends DomainEvent>(
    streamName: string,
    decider: Decider<Command, State, Event>,
  ): Promise<TrackedStream<Command, State, Event>> {
    if (this.attempt > 1 || this.streams.has(streamName) || this.states?.get(streamName, decider)) {
      return this.load(streamName, decider, { tenant: false });
    }
    this.assumed.add(streamName);
    return this.track(
      new TrackedStream(streamName, decider, decider.initialState(), 'no_stream', false),
    );
  }

  /** Whether `streamName` was assumed absent unread (a conflict on it is expected, not a race). */
  assumedAbsent(streamName: string): boolean {
    return this.assumed.has(streamName);
  }

  /**
   * Reads a stream and folds it. `tenant: true` marks a stream of a brand's entity: one that
   * another brand wrote reads as absent, so its ids answer 404 like unknown ones.
   */
  async load<Command, State, Event extends DomainEvent>(
    streamName: string,
    decider: Decider<Command, State, Event>,
    options: {
      tenant: boolean;
      /**
       * Claim streams: decide on a reservation whose entity is not written yet instead of
       * running again until it is (the claim sweeper, cancelling it). Default false.
       */
      acceptPendingReservation?: boolean;
    },
  ): Promise<TrackedStream<Command, State, Event>> {
    const known = this.streams.get(streamName);
    if (known) return known as unknown as TrackedStream<Command, State, Event>;
    const kept = this.states?.get(streamName, decider);
    const recorded = await this.read(streamName, kept ? kept.version + 1 : 0);
    // Two loads of one stream in the same batch: the first to get here tracks it, and the
    // other gets that same stream, so no decision is lost to a second copy.
    const loaded = this.streams.get(streamName);
    if (loaded) return loaded as unknown as TrackedStream<Command, State, Event>;
    if (isClaimDecider(decider) && options.acceptPendingReservation !== true) {
      await this.assertReservationSettled(streamName, recorded.at(-1));
    }
    const exists = kept !== undefined || recorded.length > 0;
    const ownerBrandId = kept ? kept.ownerBrandId : recorded[0]?.metadata.brandId;
    const foreign = options.tenant && exists && ownerBrandId !== this.brandId;
    // The stream's events are its decider's, in today's shape: the store upcasts old versions
    // on read (`upcastOnRead`).
    const folded = recorded.reduce(
      (state, event) => decider.evolve(state, event as RecordedEvent<Event>),
      kept ? (kept.state as State) : decider.initialState(),
    );
    const version = recorded.at(-1)?.streamVersion ?? kept?.version;
    if (this.states && recorded.length > 0 && version !== undefined) {
      this.states.set(streamName, { decider, state: folded, version, ownerBrandId });
    }
    return this.track(
      new TrackedStream(
        streamName,
        decider,
        foreign ? decider.initialState() : folded,
        version ?? 'no_stream',
        foreign,
      ),
    );
  }

  /** A stream of a freshly generated id: nothing to read, it must not exist yet. */
  fresh<Command, State, Event extends DomainEvent>(
    streamName: string,
    decider: Decider<Command, State, Event>,
  ): TrackedStream<Command, State, Event> {
    if (this.streams.has(streamName)) throw new Error(`${streamName} is already tracked`);
    return this.track(
      new TrackedStream(streamName, decider, decider.initialState(), 'no_stream', false),
    );
  }

  /** The types of the events decided so far, which `commit` appends. */
  pendingEventTypes(): Set<string> {
    const types = new Set<string>();
    for (const stream of this.streams.values()) {
      for (const event of stream.pending) types.add(event.type);
    }
    return types;
  }

  /**
   * Appends every stream's new events atomically; where each append's last event landed (none
   * when nothing was decided).
   */
  async commit(context: CommandContext, occurredAt: string): Promise<LogPosition[]> {
    const metadata: CommandMetadata = { ...context, occurredAt };
    const changed = [...this.streams.values()].filter((stream) => stream.pending.length > 0);
    if (changed.length === 0) return [];
    if (changed.length > 1 && appendsOneStreamAtATime(this.store)) {
      return commitOneStreamAtATime(this.store, changed as unknown as ChangedStream[], metadata);
    }
    const appends = changed.map((stream) => ({
      streamName: stream.streamName,
      expectedVersion: stream.expectedVersion,
      events: stream.pending.map((event) => ({
        type: event.type,
        data: event.data,
        schemaVersion: event.schemaVersion,
        metadata,
      })),
    }));
    try {
      const results =
        appends.length === 1 && appends[0]
          ? [await this.store.appendToStream(appends[0].streamName, appends[0].events, appends[0])]
          : await this.store.appendToStreams(appends);
      return results.map((result) => result.position);
    } catch (error) {
      if (!(error instanceof MultiStreamAppendUnsupportedError)) throw error;
      // Refused before anything was written: remembered, so later commits skip the attempt.
      rememberOneStreamAtATime(this.store);
      return commitOneStreamAtATime(this.store, changed as unknown as ChangedStream[], metadata);
    }
  }

  /**
   * On a single-stream store a claim is appended before its entity: a claim whose last event
   * is a reservation still waiting for its entity's first event is another command mid-write
   * (or one that died: the claim sweeper cancels it). Deciding on it would see a holder that
   * does not exist yet, so it is a lost race and the command runs again a moment later.
   * Claims appended atomically with their entity carry no reservation: nothing to check.
   */
  private async assertReservationSettled(
    claimStream: string,
    last: RecordedEvent | undefined,
  ): Promise<void> {
    const reservedFor = last && reservedForOf(last.metadata);
    if (!reservedFor) return;
    const entity = await this.read(reservedFor.streamName, 0);
    if (!entity.some((event) => event.id === reservedFor.eventId)) {
      throw new ReservationPendingError(claimStream, reservedFor.streamName);
    }
  }

  /**
   * The events of one stream, read together with every other stream this unit of work is asked
   * for before Node's next tick: a bulk command's `Promise.all` over 200 loads is one
   * `readStreams` query instead of 200. A failed read fails every load of its batch.
   */
  private read(streamName: string, fromVersion: number): Promise<RecordedEvent[]> {
    if (!this.batch) {
      const from = new Map<string, number>();
      const read = new Promise<void>((resolve) => process.nextTick(resolve)).then(() => {
        this.batch = undefined;
        return this.store.readStreams([...from.keys()], { fromVersions: from });
      });
      this.batch = { from, read };
    }
    // One stream asked for twice in a batch is read from the earlier version of the two.
    const asked = this.batch.from.get(streamName);
    this.batch.from.set(streamName, Math.min(asked ?? fromVersion, fromVersion));
    return this.batch.read.then((streams) =>
      (streams.get(streamName) ?? []).filter((event) => event.streamVersion >= fromVersion),
    );
  }

  private track<T>(stream: T): T {
    const tracked = stream as unknown as AnyTracked;
    this.streams.set(tracked.streamName, tracked);
    return stream;
  }
}
