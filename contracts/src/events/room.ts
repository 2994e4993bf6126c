import { Type, type Static } from 'typebox';
import { Uuid } from '../primitives';
import { defineEvent } from './define-event';

export const RoomCreated = defineEvent('RoomCreated', 'An operator created a community room.', {
  roomId: Uuid(),
  name: Type.String({ minLength: 1, maxLength: 100 }),
});
export type RoomCreated = Static<typeof RoomCreated>;

export type RoomEvent = RoomCreated;
