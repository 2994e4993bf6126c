/** The events of a claim stream: a value claimed, released (store ids), or a reservation cancelled. */
import type {
  ClaimReservationCancelled,
  CustomAuthSubClaimed,
  MemberEmailClaimed,
  StoreIdClaimed,
  StoreIdReleased,
  UsernameClaimed,
} from '@brand-api/contracts';

export type ClaimedEvent =
  StoreIdClaimed | CustomAuthSubClaimed | UsernameClaimed | MemberEmailClaimed;
export type ReleasedEvent = StoreIdReleased;
export type ClaimEvent = ClaimedEvent | ReleasedEvent | ClaimReservationCancelled;
