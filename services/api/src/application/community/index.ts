import type { CommandContext, CommandEngine, EventStore } from '@brand-api/event-store';
import type { MemberRole } from '@brand-api/contracts';
import type { ExpectedVersions } from '../preconditions';
import { magicLinkCommands } from './magic-links';
import { memberActions } from './member-actions';
import type { MembersOfGroup } from './member-groups';
import { memberGroupCommands } from './member-groups';
import type { MemberChanges } from './members';
import { setMemberRole, updateMember } from './members';
import { createRoom } from './rooms';
import type { SignUpRequest } from './sign-up';
import { signUp } from './sign-up';

export type { IssuedMagicLink, MagicLinkRequest, RedeemedMagicLink } from './magic-links';
export type { MembersOfGroup } from './member-groups';
export type { MemberChanges } from './members';
export type { SignUpRequest } from './sign-up';
export { generateToken, hashToken, looksLikeToken } from './secrets';

export interface CommunityDeps {
  engine: CommandEngine;
  eventStore: EventStore;
  ids: () => string;
  /** Members of a group, from the read table (a deleted group leaves each of them). */
  membersOf: MembersOfGroup;
  /** Origin of the community site (PUBLIC_URL): magic links' `returnTo` stays on it. */
  siteOrigin: () => string;
}

/**
 * The community's use cases: members and their groups (brands), magic links and sign-up
 * (people signing in), posts, comments and likes (signed-in members), rooms and roles
 * (operators).
 */
export function communityCommands(deps: CommunityDeps) {
  const { engine, ids } = deps;
  return {
    updateMember: (
      context: CommandContext,
      memberId: string,
      changes: MemberChanges,
      expected?: ExpectedVersions,
    ) => updateMember(engine, context, memberId, changes, expected),
    setMemberRole: (context: CommandContext, memberId: string, role: MemberRole) =>
      setMemberRole(engine, context, memberId, role),
    ...memberGroupCommands(deps),
    ...magicLinkCommands(deps),
    signUp: (brandId: string, requestId: string, request: SignUpRequest) =>
      signUp(engine, ids, brandId, requestId, request),
    ...memberActions(engine, ids),
    createRoom: (context: CommandContext, name: string) => createRoom(engine, ids, context, name),
  };
}

export type CommunityCommands = ReturnType<typeof communityCommands>;
