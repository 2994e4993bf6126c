import { createHash } from 'node:crypto';
import type { Decider } from '@brand-api/domain';
import type { EventMetadata, EventShape as DomainEvent } from '../event-store';

/**
 * How a uniqueness claim stream keeps its value together with the entity that holds it on a
 * store that appends one stream at a time (EventStoreDB): the claim is appended first and
 * reserves the value for the entity's stream, then the entity is appended, and a reservation
 * whose entity was never written is cancelled (at once when its append fails, by the claim
 * sweeper when the process died in between).
 */
export interface ReservationProtocol<Command, Event extends DomainEvent> {
  /** The entity stream an event reserves its value for; undefined when it gives one back. */
  reservedFor(event: Event): string | undefined;
  /** The command that cancels a reservation; deciding it yields nothing once the value moved on. */
  cancel(reservation: Event): Command;
}

/** A decider of claim streams: the unit of work appends them before the entities they serve. */
export interface ClaimDecider<Command, State, Event extends DomainEvent> extends Decider<
  Command,
  State,
  Event
> {
  reservations: ReservationProtocol<Command, Event>;
}

export function isClaimDecider<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
): decider is ClaimDecider<Command, State, Event> {
  const { reservations } = decider as Partial<ClaimDecider<Command, State, Event>>;
  return (
    typeof reservations?.reservedFor === 'function' && typeof reservations.cancel === 'function'
  );
}

/**
 * Metadata of a reserving claim event: the entity stream it was appended for and the id of
 * that stream's first event in the same command. The entity appeared iff that event exists,
 * which is how the sweeper tells a finished command from one whose process died.
 */
export interface ReservedFor {
  streamName: string;
  eventId: string;
}

export const reservedForKey = 'reservedFor';

export function reservedForOf(metadata: EventMetadata): ReservedFor | undefined {
  const value = metadata[reservedForKey] as Partial<ReservedFor> | undefined;
  return typeof value?.streamName === 'string' && typeof value.eventId === 'string'
    ? { streamName: value.streamName, eventId: value.eventId }
    : undefined;
}

/**
 * The id of the event cancelling a reservation, the same for everyone who cancels it: the
 * unit of work compensating and a sweeper cannot both append it (ids are unique in the log).
 */
export function cancellationEventId(reservationEventId: string): string {
  const hex = createHash('sha256').update(`cancel:${reservationEventId}`).digest('hex');
  // A name-based UUID: version 5 and the RFC 4122 variant, so every store accepts it.
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
