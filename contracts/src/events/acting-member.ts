import { UserReference } from '../entities/user-reference';
import { Uuid } from '../primitives';

/**
 * The member who acted, with their user reference as it was at that moment: webhooks report
 * it as of the event, and replaying the log must produce the same payloads.
 */
export const actingMember = { memberId: Uuid(), member: UserReference };
