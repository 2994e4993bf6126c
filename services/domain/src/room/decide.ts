import type { RoomEvent } from '@brand-api/contracts';
import type { RoomState } from './room';
import { unreachable, assertNew } from '../errors';
import { requiredText } from '../text-field';

export interface CreateRoom {
  type: 'CreateRoom';
  data: { roomId: string; name: string };
}

export type RoomCommand = CreateRoom;

export const maxRoomNameLength = 100;

export function decideRoom(command: RoomCommand, state: RoomState): RoomEvent[] {
  switch (command.type) {
    case 'CreateRoom': {
      assertNew(state, 'A room with this id already exists');
      const name = requiredText(command.data.name, ['name'], maxRoomNameLength);
      return [
        { type: 'RoomCreated', schemaVersion: 1, data: { roomId: command.data.roomId, name } },
      ];
    }
    default:
      return unreachable(command.type);
  }
}
