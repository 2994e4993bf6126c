import { type Static } from 'typebox';
import { Uuid } from '../primitives';
import { defineEvent } from './define-event';

/**
 * On an event store that appends one stream at a time (EventStoreDB, or Postgres with
 * `EVENT_STORE_SINGLE_STREAM=true`) a claim stream is appended before the entity it reserves
 * its value for. When that entity is never written, the reservation is cancelled: the value
 * is free again. Only the command engine and the claim sweeper append it; no read model or
 * webhook reads it.
 */
export const ClaimReservationCancelled = defineEvent(
  'ClaimReservationCancelled',
  'A value reserved for an entity that was never written went back.',
  { holder: Uuid({ description: 'The entity the value had been reserved for.' }) },
);
export type ClaimReservationCancelled = Static<typeof ClaimReservationCancelled>;
