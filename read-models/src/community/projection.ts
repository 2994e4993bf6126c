import type { MemberEvent, MemberGroupEvent, PostEvent } from '@brand-api/contracts';
import { rowInsert } from '@brand-api/event-store';
import type { CommandMetadata, Projection, Queryable } from '@brand-api/event-store';
import type { RecordedEvent, SqlStatement } from '@brand-api/event-store';
import { columnUpdate, partialUpdate, rowsDelete } from '../row-update';

type CommunityEvent = MemberEvent | MemberGroupEvent | PostEvent;

const handles = [
  'MemberJoined',
  'MemberProfileUpdated',
  'MemberBanned',
  'MemberUnbanned',
  'MemberEmailVerified',
  'MemberEmailUnverified',
  'MemberGroupsReplaced',
  'MemberRoleChanged',
  'MemberGroupCreated',
  'MemberGroupUpdated',
  'MemberGroupDeleted',
  'PostCreated',
  'PostPinned',
  'PostUnpinned',
] as const satisfies readonly CommunityEvent['type'][];

type Handled = Extract<CommunityEvent, { type: (typeof handles)[number] }>;

const updateProfile = partialUpdate('members', {
  email: ['email', 'text'],
  phoneNumber: ['phone_number', 'text'],
  firstName: ['first_name', 'text'],
  lastName: ['last_name', 'text'],
  profilePictureUrl: ['profile_picture_url', 'text'],
});

const updateGroup = partialUpdate('member_groups', {
  name: ['name', 'text'],
  brandMemberBadge: ['brand_member_badge', 'jsonb'],
});

const insertMember = rowInsert({
  into: 'members',
  columns: [
    'id',
    'brand_id',
    'username',
    'custom_auth_sub',
    'first_name',
    'last_name',
    'email',
    'phone_number',
    'profile_picture_url',
    'is_email_verified',
    'role',
    'joined_at',
    'updated_at',
    'version',
  ],
  skipConflictsOn: ['id'],
});

const setBanned = columnUpdate('members', 'is_banned');
const setEmailVerified = columnUpdate('members', 'is_email_verified');
const setRole = columnUpdate('members', 'role');
const deleteGroup = rowsDelete('member_groups');
const deleteMembershipsOfGroup = rowsDelete('member_group_memberships', 'group_id');
const deleteMembershipsOfMember = rowsDelete('member_group_memberships', 'member_id');

const insertGroup = rowInsert({
  into: 'member_groups',
  columns: ['id', 'brand_id', 'name', 'brand_member_badge', 'created_at', 'updated_at', 'version'],
  skipConflictsOn: ['id'],
});

const insertPost = rowInsert({
  into: 'posts',
  columns: [
    'id',
    'brand_id',
    'room_id',
    'member_id',
    'type',
    'title',
    'content_html',
    'is_published',
    'created_at',
    'published_at',
  ],
  skipConflictsOn: ['id'],
});

/**
 * A member's groups, kept to those that still exist: a group deleted while a PATCH naming it
 * was in flight never shows up, whichever of the two commits first.
 */
function replaceGroups(
  memberId: string,
  groupIds: readonly string[],
  at: string,
  version: number,
): SqlStatement[] {
  return [
    {
      text: `UPDATE members SET group_ids = ARRAY(
               SELECT g.id FROM unnest($2::uuid[]) WITH ORDINALITY AS g(id, ord)
               WHERE EXISTS (SELECT 1 FROM member_groups mg WHERE mg.id = g.id)
               ORDER BY g.ord), updated_at = $3, version = $4
             WHERE id = $1`,
      params: [memberId, groupIds, at, version],
    },
    deleteMembershipsOfMember(memberId),
    {
      text: `INSERT INTO member_group_memberships (group_id, member_id, member_joined_at)
             SELECT mg.id, m.id, m.joined_at FROM members m
             JOIN member_groups mg ON mg.id = ANY($2::uuid[]) AND mg.brand_id = m.brand_id
             WHERE m.id = $1
             ON CONFLICT DO NOTHING`,
      params: [memberId, groupIds],
    },
  ];
}

/**
 * Members, member groups and posts as read tables for the Brand API's lists. Inserts ignore a
 * row already there and updates set absolute values, so re-applying an event changes nothing.
 * A member's or group's row keeps its stream's version (the API's ETag), set only by that
 * stream's own events; version 2 added it and replays the log from empty tables to fill it in.
 */
export const communityProjection = {
  name: 'community',
  version: 2,
  handles,
  apply(event: RecordedEvent<Handled, CommandMetadata>): SqlStatement[] {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'MemberJoined': {
        const d = event.data;
        return [
          insertMember.row({
            id: d.memberId,
            brand_id: event.metadata.brandId,
            username: d.username,
            custom_auth_sub: d.customAuthSub,
            first_name: d.firstName,
            last_name: d.lastName,
            email: d.email,
            phone_number: d.phoneNumber,
            profile_picture_url: d.profilePictureUrl,
            is_email_verified: d.isEmailVerified,
            role: d.role,
            joined_at: d.joinedAt,
            updated_at: d.joinedAt,
            version: event.streamVersion,
          }),
        ];
      }
      case 'MemberProfileUpdated':
        return [updateProfile(event.data.memberId, event.data.changes, at, event.streamVersion)];
      case 'MemberBanned':
      case 'MemberUnbanned': {
        const banned = event.type === 'MemberBanned';
        return [setBanned(event.data.memberId, banned, at, event.streamVersion)];
      }
      case 'MemberEmailVerified':
      case 'MemberEmailUnverified': {
        const verified = event.type === 'MemberEmailVerified';
        return [setEmailVerified(event.data.memberId, verified, at, event.streamVersion)];
      }
      case 'MemberGroupsReplaced':
        return replaceGroups(event.data.memberId, event.data.groupIds, at, event.streamVersion);
      case 'MemberRoleChanged':
        return [setRole(event.data.memberId, event.data.role, at, event.streamVersion)];
      case 'MemberGroupCreated':
        return [
          insertGroup.row({
            id: event.data.memberGroupId,
            brand_id: event.metadata.brandId,
            name: event.data.name,
            brand_member_badge:
              event.data.brandMemberBadge === null
                ? null
                : JSON.stringify(event.data.brandMemberBadge),
            created_at: at,
            updated_at: at,
            version: event.streamVersion,
          }),
        ];
      case 'MemberGroupUpdated': {
        const { memberGroupId, changes } = event.data;
        return [updateGroup(memberGroupId, changes, at, event.streamVersion)];
      }
      case 'MemberGroupDeleted':
        return [
          {
            text: `UPDATE members SET group_ids = array_remove(group_ids, $1::uuid), updated_at = $2
                   WHERE id IN (SELECT member_id FROM member_group_memberships WHERE group_id = $1)`,
            params: [event.data.memberGroupId, at],
          },
          deleteMembershipsOfGroup(event.data.memberGroupId),
          deleteGroup(event.data.memberGroupId),
        ];
      case 'PostCreated': {
        const d = event.data;
        return [
          insertPost.row({
            id: d.postId,
            brand_id: event.metadata.brandId,
            room_id: d.roomId,
            member_id: d.memberId,
            type: d.type,
            title: d.title,
            content_html: d.contentHtml,
            is_published: d.isPublished,
            created_at: d.createdAt,
            published_at: d.publishedAt,
          }),
        ];
      }
      case 'PostPinned':
      case 'PostUnpinned':
        return [
          {
            text: 'UPDATE posts SET is_pinned = $2 WHERE id = $1',
            params: [event.data.postId, event.type === 'PostPinned'],
          },
        ];
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  async reset(tx: Queryable) {
    // Sessions are credentials kept outside this read model (member_sessions), never reset.
    await tx.query('TRUNCATE members, member_groups, member_group_memberships, posts');
  },
} satisfies Projection<Handled, CommandMetadata>;
