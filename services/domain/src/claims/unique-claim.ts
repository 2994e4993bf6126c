/**
 * Per-brand unique values: a product's or a variant's store id, a member's custom-auth user id,
 * username and sign-up email. Each value has a claim stream whose events say who holds it; a
 * writer appends to it with the version it read, so two writers racing for one value cannot
 * both win, and uniqueness never depends on a read table. One decider serves every kind: the
 * kinds differ only in their events (store ids can be released and claimed again; member
 * values are held for good).
 */
import { alreadyTaken, unreachable } from '../errors';
import type { ClaimEvent, ClaimedEvent, ReleasedEvent } from './claim-events';
import { reservationCancelled, reservedEntityStream } from './reservation';

/** Who holds the value: the entity (product, variant, member) whose id the claim names. */
export interface ClaimState {
  holder: string | undefined;
}

export interface Claim {
  type: 'Claim';
  event: ClaimedEvent;
  /** What a refusal says when someone else holds the value, and which field named it. */
  taken: { message: string; path?: readonly (string | number)[] };
}

export interface Release {
  type: 'Release';
  event: ReleasedEvent;
}

/**
 * Gives back a value reserved for an entity that was never written (single-stream stores:
 * the claim is appended before the entity, and undone when the entity's append fails).
 */
export interface CancelReservation {
  type: 'CancelReservation';
  holder: string;
}

export type ClaimCommand = Claim | Release | CancelReservation;

/** The entity a claim event is about. */
export function claimant(event: ClaimEvent): string {
  if ('holder' in event.data) return event.data.holder;
  return 'ownerId' in event.data ? event.data.ownerId : event.data.memberId;
}

export const initialClaimState = (): ClaimState => ({ holder: undefined });

export function evolveClaim(state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'StoreIdReleased':
    case 'ClaimReservationCancelled':
      // Only the holder releases; anything else leaves the claim as it was.
      return state.holder === claimant(event) ? { holder: undefined } : state;
    default:
      return state.holder === undefined ? { holder: claimant(event) } : state;
  }
}

/** Claiming a value its claimant already holds, or releasing one it does not hold, changes nothing. */
export function decideClaim(command: ClaimCommand, state: ClaimState): ClaimEvent[] {
  switch (command.type) {
    case 'Claim': {
      const who = claimant(command.event);
      if (state.holder === who) return [];
      if (state.holder !== undefined) {
        throw alreadyTaken(command.taken.message, command.taken.path);
      }
      return [command.event];
    }
    case 'Release':
      return state.holder === claimant(command.event) ? [command.event] : [];
    case 'CancelReservation':
      return state.holder === command.holder ? [reservationCancelled(command.holder)] : [];
    default:
      return unreachable(command);
  }
}

/** Who holds the value now, if anyone. */
export function claimHolder(state: ClaimState): string | undefined {
  return state.holder;
}

export const uniqueClaimDecider = {
  decide: decideClaim,
  evolve: evolveClaim,
  initialState: initialClaimState,
  /**
   * How a store that cannot append several streams at once keeps a claim and its entity
   * together (the command engine's unit of work): a claim of a value reserves it for the
   * entity's stream, and a reservation whose entity was never written is cancelled.
   */
  reservations: {
    reservedFor: (event: ClaimEvent): string | undefined =>
      event.type === 'StoreIdReleased' || event.type === 'ClaimReservationCancelled'
        ? undefined
        : reservedEntityStream(event),
    cancel: (reservation: ClaimEvent): ClaimCommand => ({
      type: 'CancelReservation',
      holder: claimant(reservation),
    }),
  },
};
