/**
 * Reservations: on an event store that appends one stream at a time (EventStoreDB), a claim is
 * appended first, reserving its value for the entity about to be written, and cancelled when
 * that entity's append fails or never happens (a sweeper cancels those after a grace period).
 */
import type { ClaimReservationCancelled } from '@brand-api/contracts';
import { productStreamName, variantStreamName } from '../catalogue/streams';
import { memberStreamName } from '../member/member';
import type { ClaimedEvent } from './claim-events';
import { unreachable } from '../errors';

export function reservationCancelled(holder: string): ClaimReservationCancelled {
  return { type: 'ClaimReservationCancelled', schemaVersion: 1, data: { holder } };
}

/** The stream of the entity a claim takes its value for. */
export function reservedEntityStream(event: ClaimedEvent): string {
  switch (event.type) {
    case 'StoreIdClaimed':
      return event.data.kind === 'product'
        ? productStreamName(event.data.ownerId)
        : variantStreamName(event.data.ownerId);
    case 'CustomAuthSubClaimed':
    case 'UsernameClaimed':
    case 'MemberEmailClaimed':
      return memberStreamName(event.data.memberId);
    default:
      return unreachable(event);
  }
}
