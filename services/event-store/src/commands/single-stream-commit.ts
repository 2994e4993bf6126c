import { randomUUID } from 'node:crypto';
import type { Decider } from '@brand-api/domain';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  LogPosition,
  NewEvent,
} from '../event-store';
import type { DomainEvent } from './command-context';
import type { ClaimDecider } from './reservations';
import { cancellationEventId, isClaimDecider, reservedForKey } from './reservations';

/** A stream of a unit of work with events to append: what a commit needs of it. */
export interface ChangedStream {
  readonly streamName: string;
  readonly expectedVersion: ExpectedVersion;
  readonly pending: readonly DomainEvent[];
  /** The state after `pending`. */
  readonly state: unknown;
  readonly decider: Decider<unknown, unknown, DomainEvent>;
}

/** Stores seen refusing a multi-stream append: later commits go one stream at a time at once. */
const oneStreamAtATime = new WeakSet<EventStore>();

export const appendsOneStreamAtATime = (store: EventStore): boolean => oneStreamAtATime.has(store);

export function rememberOneStreamAtATime(store: EventStore): void {
  oneStreamAtATime.add(store);
}

interface Planned {
  stream: ChangedStream;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
  /** Claim streams: the events that reserve a value (not those giving one back). */
  reserving: { event: DomainEvent; id: string; entityStream: string }[];
}

/**
 * Commits a unit of work on a store that appends one stream per transaction (EventStoreDB, or
 * Postgres with EVENT_STORE_SINGLE_STREAM=true), as close to all-or-nothing as that allows:
 *
 * 1. claim streams that reserve a value, each at the version it was read: a value taken
 *    meanwhile is a ConcurrencyError before anything else is written, and the engine decides
 *    again (a duplicate store id becomes the usual 409);
 * 2. the entity streams; a reservation whose entity was not written is cancelled (the
 *    compensation) and the error rethrown, so a re-run finds the value free again;
 * 3. claim streams that only give values back, last and at any version: giving a value back
 *    before its holder's change is written would let another entity take it while the old
 *    one still holds it. The claim decider ignores a give-back by anyone but the holder, so no
 *    version check is needed.
 *
 * Entity streams are not atomic with each other here: a failure after some were written leaves
 * those written, and the engine's re-run decides on them as they are.
 */
export async function commitOneStreamAtATime(
  store: EventStore,
  streams: readonly ChangedStream[],
  metadata: EventMetadata,
): Promise<LogPosition[]> {
  const entities = streams.filter((stream) => !isClaimDecider(stream.decider)).map(plan(metadata));
  const firstEventOf = new Map(
    entities.map(({ stream, events }) => [stream.streamName, events[0]]),
  );
  const claims = streams
    .filter((stream) => isClaimDecider(stream.decider))
    .map((stream) => planClaim(stream, metadata, firstEventOf));
  const reserving = claims.filter((claim) => claim.reserving.length > 0);
  const releasing = claims
    .filter((claim) => claim.reserving.length === 0)
    .map((claim) => ({ ...claim, expectedVersion: 'any' as const }));

  const reserved = await appendAll(store, reserving);
  const reservedOk = reserving.filter((_, i) => reserved[i]?.status === 'fulfilled');
  const reserveFailure = firstFailure(reserved);
  if (reserveFailure) {
    await cancelReservations(store, reservedOk, reserved, reserving);
    throw reserveFailure;
  }

  const written = await appendAll(store, entities);
  const writeFailure = firstFailure(written);
  if (writeFailure) {
    const writtenStreams = new Set(
      entities.filter((_, i) => written[i]?.status === 'fulfilled').map((e) => e.stream.streamName),
    );
    const orphaned = reserving.filter(
      (claim) => !claim.reserving.every(({ entityStream }) => writtenStreams.has(entityStream)),
    );
    await cancelReservations(store, orphaned, reserved, reserving);
    throw writeFailure;
  }

  const released = await appendAll(store, releasing);
  const releaseFailure = firstFailure(released);
  if (releaseFailure) throw releaseFailure;
  return [...reserved, ...written, ...released].map(
    (result) => (result as PromiseFulfilledResult<AppendResult>).value.position,
  );
}

const plan =
  (metadata: EventMetadata) =>
  (stream: ChangedStream): Planned => ({
    stream,
    expectedVersion: stream.expectedVersion,
    reserving: [],
    // Ids chosen here so a claim can name its entity's first event before either is written.
    events: stream.pending.map((event) => toNewEvent(event, randomUUID(), metadata)),
  });

function planClaim(
  stream: ChangedStream,
  metadata: EventMetadata,
  firstEventOf: ReadonlyMap<string, NewEvent | undefined>,
): Planned {
  const { reservations } = stream.decider as ClaimDecider<unknown, unknown, DomainEvent>;
  const reserving: Planned['reserving'] = [];
  const events = stream.pending.map((event) => {
    const id = randomUUID();
    const entityStream = reservations.reservedFor(event);
    if (entityStream === undefined) return toNewEvent(event, id, metadata);
    reserving.push({ event, id, entityStream });
    const entityEventId = firstEventOf.get(entityStream)?.id;
    // The sweeper cancels a reservation whose entity's first event never appeared; a value
    // reserved for an entity this command does not write has nothing to wait for.
    return toNewEvent(
      event,
      id,
      entityEventId === undefined
        ? metadata
        : { ...metadata, [reservedForKey]: { streamName: entityStream, eventId: entityEventId } },
    );
  });
  return { stream, events, expectedVersion: stream.expectedVersion, reserving };
}

function toNewEvent(event: DomainEvent, id: string, metadata: EventMetadata): NewEvent {
  return { id, type: event.type, data: event.data, schemaVersion: event.schemaVersion, metadata };
}

function appendAll(
  store: EventStore,
  planned: readonly Planned[],
): Promise<PromiseSettledResult<AppendResult>[]> {
  return Promise.allSettled(
    planned.map(({ stream, events, expectedVersion }) =>
      store.appendToStream(stream.streamName, events, { expectedVersion }),
    ),
  );
}

/** The first append's error, as the store raised it (a ConcurrencyError makes the engine re-run). */
function firstFailure(results: readonly PromiseSettledResult<unknown>[]): Error | undefined {
  const failed = results.find((result) => result.status === 'rejected');
  return failed === undefined ? undefined : (failed.reason as Error);
}

/**
 * Gives back the values these claims reserved, each at the version its reservation left it,
 * with the claim decider deciding (nothing, when the value is no longer held by the entity).
 * A cancellation that fails is left to the claim sweeper: the caller's error matters more.
 */
async function cancelReservations(
  store: EventStore,
  toCancel: readonly Planned[],
  results: readonly PromiseSettledResult<AppendResult>[],
  all: readonly Planned[],
): Promise<void> {
  await Promise.all(
    toCancel.map(async (claim) => {
      const result = results[all.indexOf(claim)];
      if (result?.status !== 'fulfilled') return;
      const decider = claim.stream.decider as ClaimDecider<unknown, unknown, DomainEvent>;
      const metadata = claim.events[0]?.metadata ?? {};
      const { [reservedForKey]: _reservedFor, ...context } = metadata;
      let state = claim.stream.state;
      const events: NewEvent[] = [];
      for (const { event, id } of claim.reserving) {
        const decided = decider.decide(decider.reservations.cancel(event), state);
        state = decided.reduce(decider.evolve, state);
        events.push(
          ...decided.map((e, i) =>
            toNewEvent(e, cancellationEventId(i === 0 ? id : `${id}/${i}`), context),
          ),
        );
      }
      if (events.length === 0) return;
      await store
        .appendToStream(claim.stream.streamName, events, {
          expectedVersion: result.value.nextExpectedVersion,
        })
        .catch(() => undefined);
    }),
  );
}
