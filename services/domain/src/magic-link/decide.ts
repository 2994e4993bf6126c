import { RETURN_TO_RULE, resolveReturnTo } from '@brand-api/contracts';
import type { MagicLinkIssued, MagicLinkRedeemed } from '@brand-api/contracts';
import type { MagicLinkState } from './magic-link';
import { magicLinkTtlMs } from './magic-link';
import { DomainError, invalid, unreachable, assertNew } from '../errors';

export interface IssueMagicLink {
  type: 'IssueMagicLink';
  data: {
    magicLinkId: string;
    memberId: string;
    /** SHA-256 (hex) of the random token; the token itself never reaches the domain. */
    tokenHash: string;
    state: string | null;
    returnTo: string | null;
    /** The brand's custom-auth term (`customAuthTermOf`), recorded with the link. */
    customAuthTerm?: number;
    now: string;
  };
}

export interface RedeemMagicLink {
  type: 'RedeemMagicLink';
  data: { now: string };
}

export type MagicLinkCommand = IssueMagicLink | RedeemMagicLink;

/** Any origin serves: a relative path that stays on one site stays on every site. */
const anySite = 'https://community.invalid';

export function decideMagicLink(
  command: MagicLinkCommand,
  state: MagicLinkState,
): (MagicLinkIssued | MagicLinkRedeemed)[] {
  switch (command.type) {
    case 'IssueMagicLink': {
      const { now, ...data } = command.data;
      assertNew(state, 'A magic link with this token already exists');
      // The schema already refuses these; the rule is the domain's, so it holds here too.
      if (data.returnTo !== null && !resolveReturnTo(data.returnTo, anySite)) {
        throw invalid(['returnTo'], RETURN_TO_RULE);
      }
      const expiresAt = new Date(Date.parse(now) + magicLinkTtlMs).toISOString();
      return [{ type: 'MagicLinkIssued', schemaVersion: 1, data: { ...data, expiresAt } }];
    }
    case 'RedeemMagicLink': {
      if (state.status === 'absent') throw new DomainError('magic-link-unknown');
      if (state.status === 'redeemed') throw new DomainError('magic-link-used');
      if (Date.parse(command.data.now) >= Date.parse(state.expiresAt)) {
        throw new DomainError('magic-link-expired');
      }
      return [
        {
          type: 'MagicLinkRedeemed',
          schemaVersion: 1,
          data: { magicLinkId: state.id, memberId: state.memberId, redeemedAt: command.data.now },
        },
      ];
    }
    default:
      return unreachable(command);
  }
}
