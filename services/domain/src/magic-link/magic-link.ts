/**
 * The MagicLink aggregate: a single-use sign-in link of a custom-auth brand. The stream is
 * named after the SHA-256 of the token (`magicLink-<tokenHash>`), so redeeming finds the link
 * in the log itself and the token never appears anywhere: only the member's browser has it.
 */
import type { MagicLinkEvent } from '@brand-api/contracts';
import { customAuthTermOf } from '../brand/brand';
import type { BrandState } from '../brand/brand';
import { DomainError, unreachable } from '../errors';

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
      /** The brand's custom-auth term it was issued in; undefined for links from before terms. */
      customAuthTerm: number | undefined;
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
        customAuthTerm: event.data.customAuthTerm,
      };
    case 'MagicLinkRedeemed':
      return state.status === 'absent' ? state : { ...state, status: 'redeemed' };
    default:
      return unreachable(event);
  }
}

/**
 * A link signs in only while its brand keeps custom auth on as it was when the link was issued:
 * switching custom auth off voids the links out there, and switching it back on (a new term,
 * `BrandState.customAuthTerm`) does not revive them. A link from before terms were recorded
 * cannot tell, and is refused as well (such links expired 15 minutes after they were issued).
 */
export function assertCustomAuthKept(
  link: MagicLinkState,
  brand: BrandState,
): asserts link is Exclude<MagicLinkState, { status: 'absent' }> {
  const term = customAuthTermOf(brand);
  if (link.status === 'absent' || term === undefined || link.customAuthTerm !== term) {
    throw new DomainError('custom-auth-not-enabled', {
      message: 'This sign-in link was issued before the brand switched custom authentication off',
    });
  }
}
