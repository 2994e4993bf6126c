import type { MemberGroupEvent } from '@brand-api/contracts';
import { DeciderSpecification, invalidAt } from '../testing/decider-specification';
import { memberGroupDecider } from './index';
import type { MemberGroupCommand } from './index';

const memberGroupId = '0b7e2a55-3c1d-4f6e-8a9b-0c1d2e3f4a5b';
const badgeId = '7d3c9b1a-2e4f-4a6b-8c0d-1e2f3a4b5c6d';
const otherBadgeId = '8e4d0c2b-3f5a-4b7c-9d1e-2f3a4b5c6d7e';
const vip = { name: 'VIP', foregroundColor: '#FFFFFF', backgroundColor: '#6B21A8' };

const given = DeciderSpecification.for(memberGroupDecider);

const created: MemberGroupEvent = {
  type: 'MemberGroupCreated',
  schemaVersion: 1,
  data: { memberGroupId, name: 'VIP customers', brandMemberBadge: { id: badgeId, ...vip } },
};

const updateWith = (data: {
  name?: string;
  brandMemberBadge?: typeof vip | null;
}): MemberGroupCommand => ({
  type: 'UpdateMemberGroup',
  data: { ...data, badgeId: otherBadgeId },
});

describe('MemberGroup decider', () => {
  it('creates a group with its badge', () => {
    given([])
      .when({
        type: 'CreateMemberGroup',
        data: { memberGroupId, name: ' VIP customers ', brandMemberBadge: vip, badgeId },
      })
      .then([created]);
  });

  it('refuses a blank name', () => {
    given([])
      .when({
        type: 'CreateMemberGroup',
        data: { memberGroupId, name: '   ', brandMemberBadge: null, badgeId },
      })
      .thenThrows(invalidAt(['name']));
  });

  it('replaces a badge keeping its id, removes it with null, and records nothing for no change', () => {
    given([created])
      .when(updateWith({ brandMemberBadge: { ...vip, name: 'Gold' } }))
      .then([
        {
          type: 'MemberGroupUpdated',
          schemaVersion: 1,
          data: {
            memberGroupId,
            changes: { brandMemberBadge: { id: badgeId, ...vip, name: 'Gold' } },
          },
        },
      ]);
    given([created])
      .when(updateWith({ brandMemberBadge: null }))
      .then([
        {
          type: 'MemberGroupUpdated',
          schemaVersion: 1,
          data: { memberGroupId, changes: { brandMemberBadge: null } },
        },
      ]);
    given([created])
      .when(updateWith({ name: 'VIP customers', brandMemberBadge: vip }))
      .thenNothingHappened();
  });

  it('gives a first badge a new id', () => {
    const plain: MemberGroupEvent = {
      type: 'MemberGroupCreated',
      schemaVersion: 1,
      data: { memberGroupId, name: 'Plain', brandMemberBadge: null },
    };
    given([plain])
      .when(updateWith({ brandMemberBadge: vip }))
      .then([
        {
          type: 'MemberGroupUpdated',
          schemaVersion: 1,
          data: { memberGroupId, changes: { brandMemberBadge: { id: otherBadgeId, ...vip } } },
        },
      ]);
  });

  it('deletes a group once; a deleted group is not found', () => {
    const deleted: MemberGroupEvent = {
      type: 'MemberGroupDeleted',
      schemaVersion: 1,
      data: { memberGroupId },
    };
    const remove: MemberGroupCommand = { type: 'DeleteMemberGroup', data: {} };
    given([created]).when(remove).then([deleted]);
    given([created, deleted]).when(remove).thenThrows({ rule: 'not-found' });
    given([created, deleted])
      .when(updateWith({ name: 'x' }))
      .thenThrows({
        rule: 'not-found',
      });
  });
});
