import { memberView } from '@brand-api/domain';
import type { OperatorPrincipal } from '../admin/admin-auth';
import type { HandlersFor } from '../http/operation';
import type { AppServices } from '../services';
import { commandContext } from './context';
import type { memberAdminOperations } from './operations';
import { activeMember, loadMember } from './write/members';
import { runCommunityCommand } from './write/run-command';

/**
 * Operators set a member's role. The member is read in the brand of the path: a member of
 * another brand, like an unknown one, answers 404.
 */
export function memberAdminHandlers(
  services: AppServices,
): HandlersFor<typeof memberAdminOperations, OperatorPrincipal> {
  return {
    async adminSetMemberRole(request) {
      const { brandId, memberId } = request.params;
      const context = commandContext(
        brandId,
        { kind: 'operator', id: request.auth.id, name: 'operator' },
        request.requestId,
      );
      const { value: member } = await runCommunityCommand(services, context, async (uow) => {
        const stream = await loadMember(uow, memberId);
        stream.decide({ type: 'ChangeMemberRole', data: { role: request.body.role } });
        return activeMember(stream.state);
      });
      return { body: { data: memberView(member) } };
    },
  };
}
