import { ApiError } from '@brand-api/contracts';
import { brandDecider, brandStreamName, roomDecider, roomStreamName } from '@brand-api/domain';
import type { OperatorPrincipal } from '../admin/admin-auth';
import type { HandlersFor } from '../http/operation';
import type { AppServices } from '../services';
import { commandContext } from './context';
import type { roomAdminOperations } from './operations';
import { runCommunityCommand } from './write/run-command';

/** Operators create a brand's rooms; members then post in them. */
export function roomAdminHandlers(
  services: AppServices,
): HandlersFor<typeof roomAdminOperations, OperatorPrincipal> {
  return {
    async adminCreateRoom(request) {
      const { brandId } = request.params;
      const roomId = services.ids();
      const context = commandContext(
        brandId,
        { kind: 'operator', id: request.auth.id, name: 'operator' },
        request.requestId,
      );
      const { value: room } = await runCommunityCommand(services, context, async (uow) => {
        const brand = await uow.load(brandStreamName(brandId), brandDecider, { tenant: true });
        if (brand.state.status !== 'active') throw new ApiError('NOT_FOUND');
        const stream = uow.fresh(roomStreamName(roomId), roomDecider);
        stream.decide({ type: 'CreateRoom', data: { roomId, name: request.body.name } });
        if (stream.state.status !== 'active') throw new Error('a created room is active');
        return stream.state;
      });
      return { body: { data: { id: room.id, name: room.name } } };
    },
  };
}
