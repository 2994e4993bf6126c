/**
 * The MagicLink aggregate: a single-use sign-in link of a custom-auth brand. The stream is
 * named after the SHA-256 of the token (`magicLink-<tokenHash>`), so redeeming finds the link
 * in the log itself and the token never appears anywhere: only the member's browser has it.
 */
import type { MagicLinkEvent } from '@brand-api/contracts';
import { unreachable } from '../errors';

export type { MagicLinkEvent };

export const magicLinkStreamName = (tokenHash: string): string => `magicLink-${tokenHash}`;

/** Links expire 15 minutes after they are created. */
export const magicLinkTtlMs = 15 * 60 * 1000;

export type MagicLinkState =
  | { status: 'absent' }
  | {
      status: 'issued' | 'redeemed';
      id: string;
      memberId: string;
      expiresAt: string;
      state: string | null;
      returnTo: string | null;
    };

export function evolveMagicLink(state: MagicLinkState, event: MagicLinkEvent): MagicLinkState {
  switch (event.type) {
    case 'MagicLinkIssued':
      return {
        status: 'issued',
        id: event.data.magicLinkId,
        memberId: event.data.memberId,
        expiresAt: event.data.expiresAt,
        state: event.data.state,
        returnTo: event.data.returnTo,
      };
    case 'MagicLinkRedeemed':
      return state.status === 'absent' ? state : { ...state, status: 'redeemed' };
    default:
      return unreachable(event);
  }
}
