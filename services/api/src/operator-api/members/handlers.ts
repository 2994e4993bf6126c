import { memberView } from '@brand-api/domain';
import type { HandlersFor } from '../../http/operation';
import type { AppServices } from '../../services';
import type { OperatorPrincipal } from '../operator-auth';
import { operatorContext } from '../operator-context';
import type { memberAdminOperations, roomAdminOperations } from '@brand-api/contracts';

type Operations = [...typeof roomAdminOperations, ...typeof memberAdminOperations];

/**
 * Operators create a brand's rooms and set members' roles. A member of another brand, like an
 * unknown one, answers 404.
 */
export function communityAdminHandlers(
  services: AppServices,
): HandlersFor<Operations, OperatorPrincipal> {
  const { community } = services.application;
  return {
    async adminCreateRoom(request) {
      const room = await community.createRoom(
        operatorContext(request, request.params.brandId),
        request.body.name,
      );
      return { body: { data: room } };
    },

    async adminSetMemberRole(request) {
      const { brandId, memberId } = request.params;
      const member = await community.setMemberRole(
        operatorContext(request, brandId),
        memberId,
        request.body.role,
      );
      return { body: { data: memberView(member) } };
    },
  };
}
