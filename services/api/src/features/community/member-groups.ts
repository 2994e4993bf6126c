import { ApiError } from '@brand-api/contracts';
import {
  memberDecider,
  memberGroupDecider,
  memberGroupStreamName,
  memberGroupView,
  memberStreamName,
} from '@brand-api/domain';
import type { LiveMemberGroup, MemberGroupState } from '@brand-api/domain';
import { getMemberGroup, listMemberGroups, memberIdsInGroup } from '@brand-api/read-models';
import type { ApiKeyPrincipal } from '../../auth/api-key-authenticator';
import { commandContext } from '../../community/context';
import { runCommunityCommand } from '../../community/write/run-command';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';
import { listing } from './listing';

function liveGroup(state: MemberGroupState): LiveMemberGroup {
  if (state.status !== 'active') throw new ApiError('NOT_FOUND');
  return state;
}

/** Member groups (SPEC §7); scopes come from the route table, spelled as SPEC §6 spells them. */
export function memberGroupHandlers(services: AppServices): ApiHandlers {
  const { db } = services;
  const context = (request: { auth: ApiKeyPrincipal; requestId: string }) =>
    commandContext(
      request.auth.brandId,
      { kind: 'apiKey', id: request.auth.apiKeyId },
      request.requestId,
    );

  return {
    async listMemberGroups(request) {
      const { limit, after } = request.query;
      return {
        body: await listing(() => listMemberGroups(db, request.auth.brandId, { limit, after })),
      };
    },

    async getMemberGroup(request) {
      const group = await getMemberGroup(db, request.auth.brandId, request.params.id);
      if (!group) throw new ApiError('NOT_FOUND');
      return { body: { data: group } };
    },

    async createMemberGroup(request) {
      const memberGroupId = services.ids();
      const { value: group } = await runCommunityCommand(services, context(request), (uow) => {
        const stream = uow.fresh(memberGroupStreamName(memberGroupId), memberGroupDecider);
        stream.decide({
          type: 'CreateMemberGroup',
          data: {
            memberGroupId,
            name: request.body.name,
            brandMemberBadge: request.body.brandMemberBadge ?? null,
            badgeId: services.ids(),
          },
        });
        return liveGroup(stream.state);
      });
      return { body: { data: memberGroupView(group) } };
    },

    async updateMemberGroup(request) {
      const { body } = request;
      const { value: group } = await runCommunityCommand(
        services,
        context(request),
        async (uow) => {
          const stream = await uow.load(
            memberGroupStreamName(request.params.id),
            memberGroupDecider,
            {
              tenant: true,
            },
          );
          stream.decide({
            type: 'UpdateMemberGroup',
            data: {
              ...(body.name === undefined ? {} : { name: body.name }),
              ...(body.brandMemberBadge === undefined
                ? {}
                : { brandMemberBadge: body.brandMemberBadge }),
              badgeId: services.ids(),
            },
          });
          return liveGroup(stream.state);
        },
      );
      return { body: { data: memberGroupView(group) } };
    },

    /** The group and every member's removal from it are appended in one transaction. */
    async deleteMemberGroup(request) {
      const memberGroupId = request.params.id;
      await runCommunityCommand(services, context(request), async (uow) => {
        const stream = await uow.load(memberGroupStreamName(memberGroupId), memberGroupDecider, {
          tenant: true,
        });
        stream.decide({ type: 'DeleteMemberGroup', data: {} });
        for (const memberId of await memberIdsInGroup(db, memberGroupId)) {
          const member = await uow.load(memberStreamName(memberId), memberDecider, {
            tenant: true,
          });
          member.decide({ type: 'LeaveDeletedGroup', data: { memberGroupId } });
        }
      });
      return { body: { success: true } };
    },
  };
}
