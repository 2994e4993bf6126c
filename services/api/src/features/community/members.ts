import { ApiError } from '@brand-api/contracts';
import { memberGroupDecider, memberGroupStreamName, memberView } from '@brand-api/domain';
import { getMember, listMembers } from '@brand-api/read-models';
import { commandContext } from '../../community/context';
import { activeMember, loadMember } from '../../community/write/members';
import { runCommunityCommand } from '../../community/write/run-command';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';
import { listing } from './listing';

/** Members (SPEC §7): list, get, and PATCH for bans, email verification and groups. */
export function memberHandlers(services: AppServices): ApiHandlers {
  const { db } = services;
  return {
    async listMembers(request) {
      const { limit, after, group_id: groupId } = request.query;
      const page = await listing(() =>
        listMembers(db, request.auth.brandId, { limit, after, groupId }),
      );
      return { body: page };
    },

    async getMember(request) {
      const member = await getMember(db, request.auth.brandId, request.params.id);
      if (!member) throw new ApiError('NOT_FOUND');
      return { body: { data: member } };
    },

    async updateMember(request) {
      const { auth, body } = request;
      const context = commandContext(
        auth.brandId,
        { kind: 'apiKey', id: auth.apiKeyId },
        request.requestId,
      );
      const { value: member } = await runCommunityCommand(services, context, async (uow) => {
        const stream = await loadMember(uow, request.params.id);
        // Each named group is read from its own stream: the log, not a read table, says it exists.
        const knownGroupIds: string[] = [];
        for (const groupId of body.groupIds ?? []) {
          const group = await uow.load(memberGroupStreamName(groupId), memberGroupDecider, {
            tenant: true,
          });
          if (group.state.status === 'active') knownGroupIds.push(groupId);
        }
        stream.decide({
          type: 'UpdateMember',
          data: {
            ...(body.isBanned === undefined ? {} : { isBanned: body.isBanned }),
            ...(body.isEmailVerified === undefined
              ? {}
              : { isEmailVerified: body.isEmailVerified }),
            ...(body.groupIds === undefined ? {} : { groupIds: body.groupIds }),
            knownGroupIds,
            emailVerificationAllowed: auth.customAuthEnabled,
          },
        });
        return activeMember(stream.state);
      });
      return { body: { data: memberView(member) } };
    },
  };
}
