import type { BrandMemberBadgeInput } from '@brand-api/contracts';
import {
  memberDecider,
  memberGroupDecider,
  memberGroupStreamName,
  memberStreamName,
} from '@brand-api/domain';
import type { LiveMemberGroup } from '@brand-api/domain';
import type { CommandContext, CommandEngine } from '@brand-api/event-store';
import type { Versioned } from '@brand-api/read-models';
import type { ExpectedVersions } from '../preconditions';
import { requireVersion, versionedAfterCommit } from '../preconditions';

/** The members of a group as the read table lists them (a deleted group leaves each of them). */
export type MembersOfGroup = (memberGroupId: string) => Promise<string[]>;

export interface MemberGroupDeps {
  engine: CommandEngine;
  ids: () => string;
  membersOf: MembersOfGroup;
}

/**
 * Member groups of a brand. Writes answer the version they leave the group at, and take the
 * versions the caller expects it at (`If-Match`).
 */
export function memberGroupCommands({ engine, ids, membersOf }: MemberGroupDeps) {
  return {
    async createMemberGroup(
      context: CommandContext,
      input: { name: string; brandMemberBadge?: BrandMemberBadgeInput | null },
    ): Promise<Versioned<LiveMemberGroup>> {
      const memberGroupId = ids();
      const { value } = await engine.run(context, (uow) => {
        const stream = uow.fresh(memberGroupStreamName(memberGroupId), memberGroupDecider);
        stream.decide({
          type: 'CreateMemberGroup',
          data: {
            memberGroupId,
            name: input.name,
            brandMemberBadge: input.brandMemberBadge ?? null,
            badgeId: ids(),
          },
        });
        return versionedAfterCommit(stream);
      });
      return value;
    },

    async updateMemberGroup(
      context: CommandContext,
      memberGroupId: string,
      changes: { name?: string; brandMemberBadge?: BrandMemberBadgeInput | null },
      expected?: ExpectedVersions,
    ): Promise<Versioned<LiveMemberGroup>> {
      const { value } = await engine.run(context, async (uow) => {
        const stream = await uow.load(memberGroupStreamName(memberGroupId), memberGroupDecider, {
          tenant: true,
        });
        requireVersion(stream, expected);
        stream.decide({ type: 'UpdateMemberGroup', data: { ...changes, badgeId: ids() } });
        return versionedAfterCommit(stream);
      });
      return value;
    },

    /** The group and every member's removal from it are appended in one transaction. */
    async deleteMemberGroup(
      context: CommandContext,
      memberGroupId: string,
      expected?: ExpectedVersions,
    ): Promise<void> {
      await engine.run(context, async (uow) => {
        const stream = await uow.load(memberGroupStreamName(memberGroupId), memberGroupDecider, {
          tenant: true,
        });
        requireVersion(stream, expected);
        stream.decide({ type: 'DeleteMemberGroup', data: {} });
        const members = await Promise.all(
          (await membersOf(memberGroupId)).map((memberId) =>
            uow.load(memberStreamName(memberId), memberDecider, { tenant: true }),
          ),
        );
        for (const member of members) {
          member.decide({ type: 'LeaveDeletedGroup', data: { memberGroupId } });
        }
      });
    },
  };
}
