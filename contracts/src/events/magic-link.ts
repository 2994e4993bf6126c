import { Type, type Static } from 'typebox';
import { DateTime, Nullable, Uuid } from '../primitives';
import { defineEvent } from './define-event';

/** The token is random and never stored: only its SHA-256 (hex) is, to look the link up. */
export const MagicLinkIssued = defineEvent(
  'MagicLinkIssued',
  'The brand created a sign-in link for a member.',
  {
    magicLinkId: Uuid(),
    memberId: Uuid(),
    tokenHash: Type.String({
      pattern: '^[0-9a-f]{64}$',
      description: 'SHA-256 of the token, hex.',
    }),
    expiresAt: DateTime(),
    state: Nullable(Type.String({ maxLength: 256 })),
    returnTo: Nullable(Type.String({ maxLength: 100 })),
    customAuthTerm: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "The brand's custom-auth term the link was issued in (how many times custom auth had been switched on): the link is void once custom auth is switched off, even if it is switched on again. Links issued before terms were recorded have none.",
      }),
    ),
  },
);
export type MagicLinkIssued = Static<typeof MagicLinkIssued>;

/** At most one per link: the stream's expected version makes a second redemption fail. */
export const MagicLinkRedeemed = defineEvent(
  'MagicLinkRedeemed',
  'A member followed a sign-in link and was signed in.',
  { magicLinkId: Uuid(), memberId: Uuid(), redeemedAt: DateTime() },
);
export type MagicLinkRedeemed = Static<typeof MagicLinkRedeemed>;

export type MagicLinkEvent = MagicLinkIssued | MagicLinkRedeemed;
