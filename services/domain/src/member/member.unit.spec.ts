import type { MemberEvent, MemberJoined } from '@brand-api/contracts';
import { DeciderSpecification, stateAfter } from '../testing/decider-specification';
import { memberDecider, memberView, usernameBase, usernameCandidate } from './index';
import type { JoinMember, MemberCommand } from './index';

const memberId = '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
const groupA = '0b7e2a55-3c1d-4f6e-8a9b-0c1d2e3f4a5b';
const groupB = '1c8f3b66-4d2e-4a7f-9b0c-1d2e3f4a5b6c';

const given = DeciderSpecification.for(memberDecider);

/** The fields a join copies as they are (names are trimmed). */
const profile = {
  username: 'ada-lovelace',
  customAuthSub: 'auth0|1',
  email: 'ada@example.com',
  phoneNumber: null,
  lastName: 'Lovelace',
  profilePictureUrl: null,
  isEmailVerified: false,
  role: 'CUSTOMER',
  joinedVia: 'magicLink',
} as const;

const join: JoinMember = {
  type: 'JoinMember',
  data: { memberId, ...profile, firstName: ' Ada ', now: '2025-03-01T10:00:00.000Z' },
};

const joined: MemberJoined = {
  type: 'MemberJoined',
  schemaVersion: 1,
  data: { memberId, ...profile, firstName: 'Ada', joinedAt: '2025-03-01T10:00:00.000Z' },
};

const update = (
  data: Partial<Extract<MemberCommand, { type: 'UpdateMember' }>['data']>,
): MemberCommand => ({
  type: 'UpdateMember',
  data: { knownGroupIds: [], emailVerificationAllowed: true, ...data },
});

describe('Member decider', () => {
  it('joins a member with trimmed names and the join time', () => {
    given([]).when(join).then([joined]);
  });

  it('refuses to join the same member twice', () => {
    given([joined]).when(join).thenThrows({ rule: 'already-taken' });
  });

  it('bans, verifies and sets groups, recording only what changes', () => {
    given([joined])
      .when(
        update({
          isBanned: true,
          isEmailVerified: true,
          groupIds: [groupA],
          knownGroupIds: [groupA],
        }),
      )
      .then([
        { type: 'MemberBanned', schemaVersion: 1, data: { memberId } },
        {
          type: 'MemberEmailVerified',
          schemaVersion: 1,
          data: { memberId, email: 'ada@example.com' },
        },
        {
          type: 'MemberGroupsReplaced',
          schemaVersion: 1,
          data: { memberId, groupIds: [groupA], reason: 'updated' },
        },
      ]);
    given([joined])
      .when(update({ isBanned: false, groupIds: [] }))
      .thenNothingHappened();
  });

  it('names every unknown group id and refuses the whole update', () => {
    given([joined])
      .when(update({ isBanned: true, groupIds: [groupA, groupB], knownGroupIds: [groupA] }))
      .thenThrows({
        rule: 'invalid',
        message: `Unknown member group ids: ${groupB}`,
        problems: [{ path: ['groupIds', 1], message: `unknown member group '${groupB}'` }],
      });
  });

  it('refuses isEmailVerified for brands without custom auth, even to false', () => {
    for (const isEmailVerified of [true, false]) {
      given([joined])
        .when(update({ isEmailVerified, emailVerificationAllowed: false }))
        .thenThrows({ rule: 'email-verification-not-allowed' });
    }
  });

  it('refuses a member that does not exist as not found', () => {
    given([])
      .when(update({ isBanned: true }))
      .thenThrows({
        rule: 'not-found',
        explained: false,
      });
  });

  it('unbans a banned member', () => {
    const banned: MemberEvent = { type: 'MemberBanned', schemaVersion: 1, data: { memberId } };
    given([joined, banned])
      .when(update({ isBanned: false }))
      .then([{ type: 'MemberUnbanned', schemaVersion: 1, data: { memberId } }]);
  });

  it('refreshes email and phone from a magic link; a new address is no longer verified', () => {
    const verified: MemberEvent = {
      type: 'MemberEmailVerified',
      schemaVersion: 1,
      data: { memberId, email: 'ada@example.com' },
    };
    given([joined, verified])
      .when({
        type: 'RefreshMemberProfile',
        data: { email: 'ada@new.example.com', phoneNumber: '+447700900123', firstName: 'Ada' },
      })
      .then([
        {
          type: 'MemberProfileUpdated',
          schemaVersion: 1,
          data: {
            memberId,
            changes: { email: 'ada@new.example.com', phoneNumber: '+447700900123' },
          },
        },
        { type: 'MemberEmailUnverified', schemaVersion: 1, data: { memberId } },
      ]);
    given([joined])
      .when({ type: 'RefreshMemberProfile', data: { email: 'ada@example.com' } })
      .thenNothingHappened();
  });

  it('leaves a deleted group, and does nothing when not in it', () => {
    const inGroups: MemberEvent = {
      type: 'MemberGroupsReplaced',
      schemaVersion: 1,
      data: { memberId, groupIds: [groupA, groupB], reason: 'updated' },
    };
    const leave: MemberCommand = { type: 'LeaveDeletedGroup', data: { memberGroupId: groupA } };
    given([joined, inGroups])
      .when(leave)
      .then([
        {
          type: 'MemberGroupsReplaced',
          schemaVersion: 1,
          data: { memberId, groupIds: [groupB], reason: 'groupDeleted' },
        },
      ]);
    given([joined]).when(leave).thenNothingHappened();
  });

  it('changes the role, recording the one it replaces; the same role again changes nothing', () => {
    const toModerator: MemberCommand = { type: 'ChangeMemberRole', data: { role: 'MODERATOR' } };
    const promoted: MemberEvent = {
      type: 'MemberRoleChanged',
      schemaVersion: 1,
      data: { memberId, role: 'MODERATOR', previousRole: 'CUSTOMER' },
    };
    given([joined]).when(toModerator).then([promoted]);
    given([joined, promoted]).when(toModerator).thenNothingHappened();
    given([joined, promoted])
      .when({ type: 'ChangeMemberRole', data: { role: 'ADMIN' } })
      .then([
        {
          type: 'MemberRoleChanged',
          schemaVersion: 1,
          data: { memberId, role: 'ADMIN', previousRole: 'MODERATOR' },
        },
      ]);
    const state = stateAfter(memberDecider, [joined, promoted]);
    expect(state).toMatchObject({ status: 'active', role: 'MODERATOR' });
    given([]).when(toModerator).thenThrows({ rule: 'not-found' });
  });

  it('shows the member as SPEC §3 describes, without a phone number it does not have', () => {
    const state = stateAfter(memberDecider, [joined]);
    if (state.status !== 'active') throw new Error('expected an active member');
    expect(memberView(state)).toEqual({
      id: memberId,
      username: 'ada-lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      isEmailVerified: false,
      isBanned: false,
      role: 'CUSTOMER',
      groupIds: [],
    });
  });
});

describe('usernames', () => {
  it.each([
    ['Ada', 'Lovelace', 'ada-lovelace'],
    ['  Zoë ', 'Brontë-Smith', 'zoe-bronte-smith'],
    ['李', null, 'member'],
    ['x'.repeat(80), null, 'x'.repeat(40)],
  ])('%j %j → %j', (first, last, expected) => {
    expect(usernameBase(first, last)).toBe(expected);
  });

  it('tries the base, then numbered, then random suffixes', () => {
    expect(
      [0, 1, 4, 5].map((attempt) => usernameCandidate('ada', attempt, 'A1-b2c3d4e5f6')),
    ).toEqual(['ada', 'ada-2', 'ada-5', 'ada-a1b2c3d4']);
  });
});
