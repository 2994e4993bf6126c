import type { DomainEvent, DomainEventType } from '@brand-api/contracts';
import type { RecordedEvent } from '@brand-api/event-store';
import type { EventDataByType } from '@brand-api/event-store/testing';
import { projectionSpec, useMigratedTestDatabase } from '@brand-api/event-store/testing';
import {
  communityMigrations,
  communityProjection,
  getMember,
  getMemberGroup,
  InvalidCommunityCursorError,
  listMemberGroups,
  listMembers,
  listPosts,
  memberIdsInGroup,
} from './index';

const db = useMigratedTestDatabase([...communityMigrations]);

const brandA = '00000000-0000-4000-8000-00000000000a';
const brandB = '00000000-0000-4000-8000-00000000000b';
const groupVip = '10000000-0000-4000-8000-000000000001';
const groupStaff = '10000000-0000-4000-8000-000000000002';
const roomGeneral = '20000000-0000-4000-8000-000000000001';
const roomNews = '20000000-0000-4000-8000-000000000002';
const memberId = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const postId = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const minute = (n: number) => new Date(Date.UTC(2025, 2, 1, 10, n)).toISOString();

const spec = projectionSpec<DomainEvent>(communityProjection, db);

const recorded = <T extends DomainEventType>(
  type: T,
  data: EventDataByType<DomainEvent>[T],
  occurredAt: string,
  brandId = brandA,
  streamVersion = 0,
) =>
  spec.recorded(type, data, {
    metadata: { brandId, occurredAt },
    streamVersion,
    recordedAt: new Date(occurredAt),
  });

const given = (...events: RecordedEvent[]) => spec.given(...events);

const joined = (n: number, brandId = brandA) =>
  recorded(
    'MemberJoined',
    {
      memberId: memberId(n),
      username: `member-${n}`,
      customAuthSub: n % 2 === 0 ? `sub-${n}` : null,
      email: `m${n}@example.com`,
      phoneNumber: null,
      firstName: `First${n}`,
      lastName: null,
      profilePictureUrl: null,
      isEmailVerified: false,
      role: 'CUSTOMER',
      joinedVia: 'magicLink',
      joinedAt: minute(n),
    },
    minute(n),
    brandId,
  );

const groupsOf = (n: number, groupIds: string[], at: string, streamVersion = 1) =>
  recorded(
    'MemberGroupsReplaced',
    { memberId: memberId(n), groupIds, reason: 'updated' },
    at,
    brandA,
    streamVersion,
  );

async function walk<T>(
  fetch: (after?: string) => Promise<{ data: T[]; hasMore: boolean; nextCursor: string | null }>,
) {
  const seen: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await fetch(after);
    seen.push(...page.data);
    if (!page.hasMore) {
      expect(page.nextCursor).toBeNull();
      return seen;
    }
    after = page.nextCursor ?? undefined;
  }
}

describe('community projection: members and groups', () => {
  const vipBadge = {
    id: groupStaff,
    name: 'VIP',
    foregroundColor: '#fff',
    backgroundColor: '#000',
  };
  const vipCreated = recorded(
    'MemberGroupCreated',
    { memberGroupId: groupVip, name: 'VIP', brandMemberBadge: vipBadge },
    minute(0),
  );
  const staffCreated = recorded(
    'MemberGroupCreated',
    { memberGroupId: groupStaff, name: 'Staff', brandMemberBadge: null },
    minute(0),
  );

  it('builds members and groups; applying the same events again changes nothing', async () => {
    const events = [
      vipCreated,
      staffCreated,
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => joined(n)),
      joined(8, brandB),
    ];
    await given(...events);
    await given(...events);
    expect((await getMember(db(), brandA, memberId(1)))?.data).toEqual({
      id: memberId(1),
      username: 'member-1',
      firstName: 'First1',
      lastName: null,
      email: 'm1@example.com',
      isEmailVerified: false,
      isBanned: false,
      role: 'CUSTOMER',
      groupIds: [],
    });
    expect(await getMember(db(), brandA, memberId(8))).toBeUndefined();
    expect((await getMemberGroup(db(), brandA, groupVip))?.data).toEqual({
      id: groupVip,
      name: 'VIP',
      brandMemberBadge: vipBadge,
    });
  });

  it('applies profile changes, bans, verification and group sets', async () => {
    await given(
      recorded(
        'MemberProfileUpdated',
        { memberId: memberId(1), changes: { phoneNumber: '+447700900123', lastName: 'L' } },
        minute(20),
        brandA,
        1,
      ),
      recorded('MemberBanned', { memberId: memberId(1) }, minute(21), brandA, 2),
      recorded(
        'MemberEmailVerified',
        { memberId: memberId(1), email: 'm1@example.com' },
        minute(21),
        brandA,
        3,
      ),
      groupsOf(1, [groupStaff, groupVip], minute(22), 4),
      ...[2, 3, 4, 5].map((n) => groupsOf(n, [groupVip], minute(22))),
    );
    expect((await getMember(db(), brandA, memberId(1)))?.data).toMatchObject({
      lastName: 'L',
      phoneNumber: '+447700900123',
      isBanned: true,
      isEmailVerified: true,
      groupIds: [groupStaff, groupVip],
    });
    // Each of the member's own events sets the version of its stream, the API's ETag.
    expect((await getMember(db(), brandA, memberId(1)))?.version).toBe(4);
    await given(
      recorded(
        'MemberProfileUpdated',
        { memberId: memberId(1), changes: { phoneNumber: null } },
        minute(23),
      ),
    );
    expect((await getMember(db(), brandA, memberId(1)))?.data).not.toHaveProperty('phoneNumber');
  });

  it('takes the role an operator set, again without change when re-applied', async () => {
    const promoted = recorded(
      'MemberRoleChanged',
      { memberId: memberId(2), role: 'MODERATOR', previousRole: 'CUSTOMER' },
      minute(24),
      brandA,
      2,
    );
    await given(promoted);
    await given(promoted);
    expect((await getMember(db(), brandA, memberId(2)))?.data).toMatchObject({
      role: 'MODERATOR',
    });
    expect((await getMember(db(), brandA, memberId(3)))?.data).toMatchObject({
      role: 'CUSTOMER',
    });
  });

  it('walks members page by page, all or of one group, in join order', async () => {
    const all = await walk((after) => listMembers(db(), brandA, { limit: 2, after }));
    expect(all.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7].map(memberId));
    const vip = await walk((after) =>
      listMembers(db(), brandA, { limit: 2, after, groupId: groupVip }),
    );
    expect(vip.map((m) => m.id)).toEqual([1, 2, 3, 4, 5].map(memberId));
    expect(await memberIdsInGroup(db(), groupStaff)).toEqual([memberId(1)]);
  });

  it('refuses a cursor of another list', async () => {
    const page = await listMembers(db(), brandA, { limit: 1 });
    await expect(
      listPosts(db(), brandA, { limit: 1, after: page.nextCursor ?? '' }),
    ).rejects.toBeInstanceOf(InvalidCommunityCursorError);
  });

  it('removes a deleted group from every member, and never shows it again', async () => {
    await given(recorded('MemberGroupDeleted', { memberGroupId: groupVip }, minute(30)));
    expect((await getMember(db(), brandA, memberId(1)))?.data.groupIds).toEqual([groupStaff]);
    expect((await getMember(db(), brandA, memberId(2)))?.data.groupIds).toEqual([]);
    // The group's event is not the member's: each member's own MemberGroupsReplaced moves it.
    expect((await getMember(db(), brandA, memberId(2)))?.version).toBe(2);
    expect(await getMemberGroup(db(), brandA, groupVip)).toBeUndefined();
    expect((await listMembers(db(), brandA, { limit: 10, groupId: groupVip })).data).toEqual([]);
    // A PATCH decided before the deletion but appended after it.
    await given(groupsOf(6, [groupVip, groupStaff], minute(31)));
    expect((await getMember(db(), brandA, memberId(6)))?.data.groupIds).toEqual([groupStaff]);
  });

  it('renames a group and removes its badge', async () => {
    await given(
      recorded(
        'MemberGroupUpdated',
        { memberGroupId: groupStaff, changes: { name: 'Team', brandMemberBadge: null } },
        minute(40),
        brandA,
        1,
      ),
    );
    expect((await getMemberGroup(db(), brandA, groupStaff))?.data).toEqual({
      id: groupStaff,
      name: 'Team',
      brandMemberBadge: null,
    });
    expect((await getMemberGroup(db(), brandA, groupStaff))?.version).toBe(1);
    const groups = await listMemberGroups(db(), brandA, { limit: 10 });
    expect(groups).toEqual({
      data: [expect.objectContaining({ id: groupStaff })],
      hasMore: false,
      nextCursor: null,
    });
  });
});

describe('community projection: posts', () => {
  const created = (n: number, roomId: string, brandId = brandA) =>
    recorded(
      'PostCreated',
      {
        postId: postId(n),
        roomId,
        memberId: memberId(1),
        member: { id: memberId(1), customAuthSub: null, email: 'm1@example.com' },
        type: 'TEXT',
        title: `Post ${n}`,
        contentHtml: `<p>${n}</p>`,
        isPublished: true,
        createdAt: minute(n),
        publishedAt: minute(n),
      },
      minute(n),
      brandId,
    );

  it('lists posts by room and creation time, with pins', async () => {
    await given(
      ...[1, 2, 3, 4, 5].map((n) => created(n, n % 2 === 0 ? roomNews : roomGeneral)),
      created(6, roomGeneral, brandB),
      recorded('PostPinned', { postId: postId(3), roomId: roomGeneral }, minute(10)),
    );
    const all = await walk((after) => listPosts(db(), brandA, { limit: 2, after }));
    expect(all.map((p) => p.id)).toEqual([1, 2, 3, 4, 5].map(postId));
    expect(all[2]).toEqual({
      id: postId(3),
      roomId: roomGeneral,
      userId: memberId(1),
      title: 'Post 3',
      contentHtml: '<p>3</p>',
      isPinned: true,
      isPublished: true,
      type: 'TEXT',
      createdAt: minute(3),
      publishedAt: minute(3),
    });
    const general = await listPosts(db(), brandA, {
      limit: 10,
      roomId: roomGeneral,
      createdAtAfter: minute(1),
    });
    expect(general.data.map((p) => p.id)).toEqual([postId(3), postId(5)]);
  });
});
