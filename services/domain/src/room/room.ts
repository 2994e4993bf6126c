/**
 * The Room aggregate: a place in a brand's community where members post. Operators create
 * rooms (SPEC: rooms are not part of the Brand API). Stream `room-<roomId>`.
 */
import type { RoomEvent } from '@brand-api/contracts';
import { unreachable } from '../errors';

export type { RoomEvent };

export const roomStreamName = (roomId: string): string => `room-${roomId}`;

export type RoomState = { status: 'absent' } | { status: 'active'; id: string; name: string };

export function evolveRoom(_state: RoomState, event: RoomEvent): RoomState {
  switch (event.type) {
    case 'RoomCreated':
      return { status: 'active', id: event.data.roomId, name: event.data.name };
    default:
      return unreachable(event.type);
  }
}
