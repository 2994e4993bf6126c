import { ApiError } from '@brand-api/contracts';
import { memberGroupView } from '@brand-api/domain';
import { getMemberGroup, listMemberGroups } from '@brand-api/read-models';
import { apiKeyCommandContext } from '../auth/command-context';
import { deleteCommandOf, updateCommandOf } from '../resource-commands';
import { versionedAnswer } from '../../http/conditional';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';
import { listing } from './listing';

/** Member groups; scopes come from the route table, spelled as `contracts/src/scopes.ts` spells them. */
export function memberGroupHandlers(services: AppServices): ApiHandlers {
  const { db } = services;
  const { community } = services.application;
  const context = apiKeyCommandContext;

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
      return versionedAnswer(group);
    },

    async createMemberGroup(request) {
      const { data, version } = await community.createMemberGroup(context(request), request.body);
      return versionedAnswer({ data: memberGroupView(data), version });
    },

    async updateMemberGroup(request) {
      const { data, version } = await community.updateMemberGroup(...updateCommandOf(request));
      return versionedAnswer({ data: memberGroupView(data), version });
    },

    /** The group and every member's removal from it are appended in one transaction. */
    async deleteMemberGroup(request) {
      await community.deleteMemberGroup(...deleteCommandOf(request));
      return { body: { success: true } };
    },
  };
}
