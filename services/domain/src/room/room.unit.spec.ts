import type { RoomEvent } from '@brand-api/contracts';
import { roomDecider } from './index';
import type { RoomCommand } from './index';
import { givenWhen, thrownBy } from '../testing/decider';

const roomId = '3a5c7e9f-1b2d-4f6a-8c0e-2d4f6a8c0e1b';
const given = givenWhen(roomDecider);

describe('Room decider', () => {
  const create = (name: string): RoomCommand => ({ type: 'CreateRoom', data: { roomId, name } });
  const created: RoomEvent = {
    type: 'RoomCreated',
    schemaVersion: 1,
    data: { roomId, name: 'General' },
  };

  it('creates a room with a trimmed name', () => {
    expect(given([]).when(create(' General '))()).toEqual([created]);
  });

  it.each(['', '  ', 'x'.repeat(101)])('refuses the name %j', (name) => {
    expect(thrownBy(given([]).when(create(name)))).toMatchObject({
      rule: 'invalid',
      problems: [{ path: ['name'] }],
    });
  });

  it('refuses to create the same room twice', () => {
    expect(thrownBy(given([created]).when(create('General')))).toMatchObject({
      rule: 'already-taken',
    });
  });
});
