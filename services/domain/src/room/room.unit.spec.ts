import type { RoomEvent } from '@brand-api/contracts';
import { roomDecider } from './index';
import type { RoomCommand } from './index';
import { DeciderSpecification, invalidAt } from '../testing/decider-specification';

const roomId = '3a5c7e9f-1b2d-4f6a-8c0e-2d4f6a8c0e1b';
const given = DeciderSpecification.for(roomDecider);

describe('Room decider', () => {
  const create = (name: string): RoomCommand => ({ type: 'CreateRoom', data: { roomId, name } });
  const created: RoomEvent = {
    type: 'RoomCreated',
    schemaVersion: 1,
    data: { roomId, name: 'General' },
  };

  it('creates a room with a trimmed name', () => {
    given([]).when(create(' General ')).then([created]);
  });

  it.each(['', '  ', 'x'.repeat(101)])('refuses the name %j', (name) => {
    given([])
      .when(create(name))
      .thenThrows(invalidAt(['name']));
  });

  it('refuses to create the same room twice', () => {
    given([created]).when(create('General')).thenThrows({
      rule: 'already-taken',
    });
  });
});
