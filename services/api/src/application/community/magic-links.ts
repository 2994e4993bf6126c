import { RETURN_TO_RULE, resolveReturnTo } from '@brand-api/contracts';
import type { MagicLinkIssued } from '@brand-api/contracts';
import {
  actingMemberOf,
  assertCustomAuthKept,
  assertMayAct,
  brandDecider,
  brandStreamName,
  customAuthTermOf,
  DomainError,
  invalid,
  magicLinkDecider,
  magicLinkStreamName,
} from '@brand-api/domain';
import type { DomainProblem } from '@brand-api/domain';
import { requestContext } from '@brand-api/event-store';
import type { CommandContext, CommandEngine, EventStore } from '@brand-api/event-store';
import { findMemberByCustomAuthSub } from './claims';
import { joinMember, loadMember } from './members';
import { generateToken, hashToken, looksLikeToken } from './secrets';

export interface MagicLinkRequest {
  customAuthSub: string;
  email?: string;
  isEmailVerified?: boolean;
  phoneNumber?: string;
  firstName?: string;
  lastName?: string;
  profilePictureUrl?: string;
  state?: string;
  returnTo?: string;
}

export interface MagicLinkDeps {
  engine: CommandEngine;
  eventStore: EventStore;
  ids: () => string;
  /** Origin of the community site (PUBLIC_URL): `returnTo` must stay on it. */
  siteOrigin: () => string;
}

export interface IssuedMagicLink {
  /** The secret of the link; only its hash is stored. */
  token: string;
  memberId: string;
}

export interface RedeemedMagicLink {
  brandId: string;
  memberId: string;
  returnTo: string | null;
  state: string | null;
}

/**
 * Magic links for brands that sign their users in themselves (custom auth): find the member by
 * customAuthSub (a claim stream) or create them, refresh their details, issue a single-use link;
 * later, redeem it once.
 */
export function magicLinkCommands({ engine, eventStore, ids, siteOrigin }: MagicLinkDeps) {
  return {
    /** Member, claims and link are appended together or not at all. */
    async issueMagicLink(
      context: CommandContext,
      request: MagicLinkRequest,
    ): Promise<IssuedMagicLink> {
      if (request.returnTo !== undefined && !resolveReturnTo(request.returnTo, siteOrigin())) {
        throw invalid(['returnTo'], RETURN_TO_RULE);
      }
      const token = generateToken();
      const { value: memberId } = await engine.run(context, async (uow, now) => {
        const brand = await uow.load(brandStreamName(uow.brandId), brandDecider, { tenant: true });
        const customAuthTerm = customAuthTermOf(brand.state);
        if (customAuthTerm === undefined) throw new DomainError('custom-auth-not-enabled');
        const claim = await findMemberByCustomAuthSub(uow, request.customAuthSub);
        let memberId = claim.memberId;
        if (memberId !== undefined) {
          const member = await loadMember(uow, memberId);
          if (member.state.status !== 'active') {
            throw new Error(`customAuthSub claim points at a missing member ${memberId}`);
          }
          // A banned member gets no way back in, and their details stay as they were.
          assertMayAct(actingMemberOf(member.state));
          const { email, phoneNumber, firstName, lastName, profilePictureUrl, isEmailVerified } =
            request;
          member.decide({
            type: 'RefreshMemberProfile',
            data: {
              ...(email === undefined ? {} : { email }),
              ...(phoneNumber === undefined ? {} : { phoneNumber }),
              ...(firstName === undefined ? {} : { firstName }),
              ...(lastName === undefined ? {} : { lastName }),
              ...(profilePictureUrl === undefined ? {} : { profilePictureUrl }),
              ...(isEmailVerified === undefined ? {} : { isEmailVerified }),
            },
          });
        } else {
          const { email, firstName } = request;
          if (email === undefined || firstName === undefined) throw newMemberNeeds(request);
          memberId = ids();
          claim.bind(memberId);
          await joinMember(
            uow,
            ids,
            {
              memberId,
              customAuthSub: request.customAuthSub,
              email,
              phoneNumber: request.phoneNumber ?? null,
              firstName,
              lastName: request.lastName ?? null,
              profilePictureUrl: request.profilePictureUrl ?? null,
              isEmailVerified: request.isEmailVerified ?? false,
              joinedVia: 'magicLink',
            },
            now,
          );
        }
        const tokenHash = hashToken(token);
        const link = uow.fresh(magicLinkStreamName(tokenHash), magicLinkDecider);
        link.decide({
          type: 'IssueMagicLink',
          data: {
            magicLinkId: ids(),
            memberId,
            tokenHash,
            state: request.state ?? null,
            returnTo: request.returnTo ?? null,
            customAuthTerm,
            now,
          },
        });
        return memberId;
      });
      return { token, memberId };
    },

    /**
     * Redeems a link: exactly one of two concurrent redemptions appends MagicLinkRedeemed, and
     * only for a member who may act, of a brand that has kept custom auth on since the link was
     * issued. A refused link is not used up.
     */
    async redeemMagicLink(token: unknown, requestId: string): Promise<RedeemedMagicLink> {
      if (!looksLikeToken(token)) throw new DomainError('magic-link-unknown');
      const streamName = magicLinkStreamName(hashToken(token));
      const [issued] = await eventStore.readStream(streamName);
      if (!issued || issued.type !== 'MagicLinkIssued') {
        throw new DomainError('magic-link-unknown');
      }
      const { memberId } = issued.data as MagicLinkIssued['data'];
      const brandId = String(issued.metadata.brandId);
      const context = requestContext(brandId, { kind: 'member', id: memberId }, requestId);
      const { value: link } = await engine.run(context, async (uow, now) => {
        // One read for the three streams: the unit of work batches loads of the same tick.
        const [stream, brand, member] = await Promise.all([
          uow.load(streamName, magicLinkDecider, { tenant: true }),
          uow.load(brandStreamName(uow.brandId), brandDecider, { tenant: true }),
          loadMember(uow, memberId),
        ]);
        stream.decide({ type: 'RedeemMagicLink', data: { now } });
        assertCustomAuthKept(stream.state, brand.state);
        if (member.state.status !== 'active') throw new DomainError('magic-link-unknown');
        assertMayAct(actingMemberOf(member.state));
        return stream.state;
      });
      return { brandId, memberId: link.memberId, returnTo: link.returnTo, state: link.state };
    },
  };
}

/** Every member has an email and a first name, so a first link must bring both. */
function newMemberNeeds(request: MagicLinkRequest): DomainError {
  const problems: DomainProblem[] = [];
  for (const field of ['email', 'firstName'] as const) {
    if (request[field] === undefined) {
      problems.push({ path: [field], message: 'is required to create a new member' });
    }
  }
  return new DomainError('invalid', {
    message: 'No member has this customAuthSub yet: email and firstName are needed to create one',
    problems,
  });
}
