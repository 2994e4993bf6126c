import { ApiError, RETURN_TO_PATTERN } from '@brand-api/contracts';
import type { MagicLinkIssued, MagicLinkRedeemed } from '@brand-api/contracts';
import type { MagicLinkState } from './magic-link';
import { magicLinkTtlMs } from './magic-link';

export interface IssueMagicLink {
  type: 'IssueMagicLink';
  data: {
    magicLinkId: string;
    memberId: string;
    /** SHA-256 (hex) of the random token; the token itself never reaches the domain. */
    tokenHash: string;
    state: string | null;
    returnTo: string | null;
    now: string;
  };
}

export interface RedeemMagicLink {
  type: 'RedeemMagicLink';
  data: { now: string };
}

export type MagicLinkCommand = IssueMagicLink | RedeemMagicLink;

const returnToPattern = new RegExp(RETURN_TO_PATTERN);

export function decideMagicLink(
  command: MagicLinkCommand,
  state: MagicLinkState,
): (MagicLinkIssued | MagicLinkRedeemed)[] {
  switch (command.type) {
    case 'IssueMagicLink': {
      const { now, ...data } = command.data;
      if (state.status !== 'absent') {
        throw new ApiError('CONFLICT', { message: 'A magic link with this token already exists' });
      }
      // The schema already refuses these; the rule is the domain's, so it holds here too.
      if (data.returnTo !== null && !returnToPattern.test(data.returnTo)) {
        throw new ApiError('VALIDATION_FAILED', {
          details: [
            {
              location: 'body',
              field: '/returnTo',
              message: 'must be a relative path starting with a single /',
            },
          ],
        });
      }
      const expiresAt = new Date(Date.parse(now) + magicLinkTtlMs).toISOString();
      return [{ type: 'MagicLinkIssued', schemaVersion: 1, data: { ...data, expiresAt } }];
    }
    case 'RedeemMagicLink': {
      if (state.status === 'absent') throw new ApiError('MAGIC_LINK_INVALID');
      if (state.status === 'redeemed') throw new ApiError('MAGIC_LINK_USED');
      if (Date.parse(command.data.now) >= Date.parse(state.expiresAt)) {
        throw new ApiError('MAGIC_LINK_EXPIRED');
      }
      return [
        {
          type: 'MagicLinkRedeemed',
          schemaVersion: 1,
          data: { magicLinkId: state.id, memberId: state.memberId, redeemedAt: command.data.now },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}
