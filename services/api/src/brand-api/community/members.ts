import { ApiError } from '@brand-api/contracts';
import { memberView } from '@brand-api/domain';
import { getMember, listMembers } from '@brand-api/read-models';
import { updateCommandOf } from '../resource-commands';
import { versionedAnswer } from '../../http/conditional';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';
import { listing } from './listing';

/** Members: list, get, and PATCH for bans, email verification and groups. */
export function memberHandlers(services: AppServices): ApiHandlers {
  const { db } = services;
  const { community } = services.application;
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
      return versionedAnswer(member);
    },

    async updateMember(request) {
      const { data, version } = await community.updateMember(...updateCommandOf(request));
      return versionedAnswer({ data: memberView(data), version });
    },
  };
}
