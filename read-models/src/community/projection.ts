import type { MemberEvent, MemberGroupEvent, PostEvent } from '@brand-api/contracts';
import type { Projection, RecordedEvent, SqlStatement } from '@brand-api/event-store';

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

/**
 * One UPDATE for any subset of changed fields: a field present in `changes` ($2) takes its
 * value (JSON null clears it), an absent one keeps the column.
 */
function partialUpdateSql(
  table: string,
  columns: Record<string, readonly [string, string]>,
): string {
  const sets = Object.entries(columns).map(([field, [column, type]]) =>
    type === 'jsonb'
      ? `${column} = CASE WHEN $2::jsonb ? '${field}' THEN nullif($2::jsonb -> '${field}', 'null'::jsonb) ELSE ${column} END`
      : `${column} = CASE WHEN $2::jsonb ? '${field}' THEN ($2::jsonb ->> '${field}')::${type} ELSE ${column} END`,
  );
  return `UPDATE ${table} SET ${sets.join(', ')}, updated_at = $3 WHERE id = $1`;
}

const updateProfileSql = partialUpdateSql('members', {
  email: ['email', 'text'],
  phoneNumber: ['phone_number', 'text'],
  firstName: ['first_name', 'text'],
  lastName: ['last_name', 'text'],
  profilePictureUrl: ['profile_picture_url', 'text'],
});

const updateGroupSql = partialUpdateSql('member_groups', {
  name: ['name', 'text'],
  brandMemberBadge: ['brand_member_badge', 'jsonb'],
});

/**
 * A member's groups, kept to those that still exist: a group deleted while a PATCH naming it
 * was in flight never shows up, whichever of the two commits first.
 */
function replaceGroups(memberId: string, groupIds: readonly string[], at: string): SqlStatement[] {
  return [
    {
      text: `UPDATE members SET group_ids = ARRAY(
               SELECT g.id FROM unnest($2::uuid[]) WITH ORDINALITY AS g(id, ord)
               WHERE EXISTS (SELECT 1 FROM member_groups mg WHERE mg.id = g.id)
               ORDER BY g.ord), updated_at = $3
             WHERE id = $1`,
      params: [memberId, groupIds, at],
    },
    { text: 'DELETE FROM member_group_memberships WHERE member_id = $1', params: [memberId] },
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

function brandIdOf(recorded: RecordedEvent): string {
  const brandId = recorded.metadata.brandId;
  if (typeof brandId !== 'string') {
    throw new Error(
      `${recorded.type} ${recorded.streamName}@${recorded.streamVersion} has no brandId`,
    );
  }
  return brandId;
}

function occurredAt(recorded: RecordedEvent): string {
  const value = recorded.metadata.occurredAt;
  return typeof value === 'string' ? value : recorded.recordedAt.toISOString();
}

/**
 * Members, member groups and posts as read tables for the Brand API's lists. Inserts ignore a
 * row already there and updates set absolute values, so re-applying an event changes nothing.
 */
export const communityProjection: Projection = {
  name: 'community',
  version: 1,
  handles,
  apply(recorded: RecordedEvent): SqlStatement[] {
    if (!(handles as readonly string[]).includes(recorded.type)) return [];
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const at = occurredAt(recorded);
    switch (event.type) {
      case 'MemberJoined': {
        const d = event.data;
        return [
          {
            text: `INSERT INTO members (id, brand_id, username, custom_auth_sub, first_name, last_name,
                     email, phone_number, profile_picture_url, is_email_verified, role, joined_at, updated_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
                   ON CONFLICT (id) DO NOTHING`,
            params: [
              d.memberId,
              brandIdOf(recorded),
              d.username,
              d.customAuthSub,
              d.firstName,
              d.lastName,
              d.email,
              d.phoneNumber,
              d.profilePictureUrl,
              d.isEmailVerified,
              d.role,
              d.joinedAt,
            ],
          },
        ];
      }
      case 'MemberProfileUpdated':
        return [
          {
            text: updateProfileSql,
            params: [event.data.memberId, JSON.stringify(event.data.changes), at],
          },
        ];
      case 'MemberBanned':
      case 'MemberUnbanned':
        return [
          {
            text: 'UPDATE members SET is_banned = $2, updated_at = $3 WHERE id = $1',
            params: [event.data.memberId, event.type === 'MemberBanned', at],
          },
        ];
      case 'MemberEmailVerified':
      case 'MemberEmailUnverified':
        return [
          {
            text: 'UPDATE members SET is_email_verified = $2, updated_at = $3 WHERE id = $1',
            params: [event.data.memberId, event.type === 'MemberEmailVerified', at],
          },
        ];
      case 'MemberGroupsReplaced':
        return replaceGroups(event.data.memberId, event.data.groupIds, at);
      case 'MemberRoleChanged':
        return [
          {
            text: 'UPDATE members SET role = $2, updated_at = $3 WHERE id = $1',
            params: [event.data.memberId, event.data.role, at],
          },
        ];
      case 'MemberGroupCreated':
        return [
          {
            text: `INSERT INTO member_groups (id, brand_id, name, brand_member_badge, created_at, updated_at)
                   VALUES ($1, $2, $3, $4, $5, $5)
                   ON CONFLICT (id) DO NOTHING`,
            params: [
              event.data.memberGroupId,
              brandIdOf(recorded),
              event.data.name,
              event.data.brandMemberBadge === null
                ? null
                : JSON.stringify(event.data.brandMemberBadge),
              at,
            ],
          },
        ];
      case 'MemberGroupUpdated':
        return [
          {
            text: updateGroupSql,
            params: [event.data.memberGroupId, JSON.stringify(event.data.changes), at],
          },
        ];
      case 'MemberGroupDeleted':
        return [
          {
            text: `UPDATE members SET group_ids = array_remove(group_ids, $1::uuid), updated_at = $2
                   WHERE id IN (SELECT member_id FROM member_group_memberships WHERE group_id = $1)`,
            params: [event.data.memberGroupId, at],
          },
          {
            text: 'DELETE FROM member_group_memberships WHERE group_id = $1',
            params: [event.data.memberGroupId],
          },
          { text: 'DELETE FROM member_groups WHERE id = $1', params: [event.data.memberGroupId] },
        ];
      case 'PostCreated': {
        const d = event.data;
        return [
          {
            text: `INSERT INTO posts (id, brand_id, room_id, member_id, type, title, content_html,
                     is_published, created_at, published_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                   ON CONFLICT (id) DO NOTHING`,
            params: [
              d.postId,
              brandIdOf(recorded),
              d.roomId,
              d.memberId,
              d.type,
              d.title,
              d.contentHtml,
              d.isPublished,
              d.createdAt,
              d.publishedAt,
            ],
          },
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
};
