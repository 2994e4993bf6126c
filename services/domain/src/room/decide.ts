import type { RoomEvent } from '@brand-api/contracts';
import type { RoomState } from './room';
import { invalid, unreachable, assertNew } from '../errors';

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
      const name = command.data.name.trim();
      if (name.length === 0 || [...name].length > maxRoomNameLength) {
        throw invalid(['name'], `must be 1 to ${maxRoomNameLength} characters`);
      }
      return [
        { type: 'RoomCreated', schemaVersion: 1, data: { roomId: command.data.roomId, name } },
      ];
    }
    default:
      return unreachable(command.type);
  }
}
