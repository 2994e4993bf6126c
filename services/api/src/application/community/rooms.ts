import {
  brandDecider,
  brandStreamName,
  existing,
  roomDecider,
  roomStreamName,
} from '@brand-api/domain';
import type { CommandContext, CommandEngine } from '@brand-api/event-store';

/** Operators create a brand's rooms; members then post in them. */
export async function createRoom(
  engine: CommandEngine,
  ids: () => string,
  context: CommandContext,
  name: string,
): Promise<{ id: string; name: string }> {
  const roomId = ids();
  const { value } = await engine.run(context, async (uow) => {
    existing((await uow.load(brandStreamName(uow.brandId), brandDecider, { tenant: true })).state);
    const stream = uow.fresh(roomStreamName(roomId), roomDecider);
    stream.decide({ type: 'CreateRoom', data: { roomId, name } });
    return existing(stream.state);
  });
  return { id: value.id, name: value.name };
}
