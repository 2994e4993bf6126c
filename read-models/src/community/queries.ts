import type {
  BrandMemberBadge,
  Member,
  MemberGroup,
  MemberRole,
  PostType,
} from '@brand-api/contracts';
import type { Queryable } from '@brand-api/event-store';
import { keysetPage } from '../keyset-page';
import type { KeysetPage } from '../keyset-page';
import { versionedGet } from '../versioned';
import type { CommunityList } from './cursor';
import { decodeCommunityCursor, encodeCommunityCursor } from './cursor';

export type CommunityPage<T> = KeysetPage<T>;

export interface PageOptions {
  limit: number;
  /** The `nextCursor` of the previous page. */
  after?: string | undefined;
}

/** A post as stored; the API adds its `url` on the community site. */
export interface PostRow {
  id: string;
  roomId: string;
  userId: string;
  title: string;
  contentHtml: string;
  isPinned: boolean;
  isPublished: boolean;
  type: PostType;
  createdAt: string;
  publishedAt: string | null;
}

interface RawMember {
  id: string;
  username: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  isEmailVerified: boolean;
  isBanned: boolean;
  role: MemberRole;
  groupIds: string[];
  sortAt: Date;
}

const memberColumns = `m.id::text AS id, m.username, m.first_name AS "firstName", m.last_name AS "lastName",
  m.email, m.phone_number AS "phoneNumber", m.is_email_verified AS "isEmailVerified",
  m.is_banned AS "isBanned", m.role, m.group_ids::text[] AS "groupIds", m.joined_at AS "sortAt"`;

const toMember = ({ phoneNumber, sortAt: _sortAt, ...row }: RawMember): Member => ({
  ...row,
  ...(phoneNumber === null ? {} : { phoneNumber }),
});

export const getMember = versionedGet<RawMember, Member>(
  `SELECT ${memberColumns}, m.version FROM members m WHERE m.id = $1 AND m.brand_id = $2`,
  toMember,
);

/** Members in join order; with `groupId`, only that group's, walking the membership index. */
export async function listMembers(
  db: Queryable,
  brandId: string,
  options: PageOptions & { groupId?: string | undefined },
): Promise<CommunityPage<Member>> {
  const after = cursorOf('members', options.after);
  const params: unknown[] = [brandId, options.limit + 1];
  const where = ['m.brand_id = $1'];
  let from = 'members m';
  let order = 'm.joined_at, m.id';
  if (options.groupId !== undefined) {
    params.push(options.groupId);
    from = `member_group_memberships gm JOIN members m ON m.id = gm.member_id`;
    where.push(`gm.group_id = $${params.length}`);
    order = 'gm.member_joined_at, gm.member_id';
  }
  if (after) {
    params.push(after.at, after.id);
    where.push(`(${order}) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  const { rows } = await db.query<RawMember>(
    `SELECT ${memberColumns} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $2`,
    params,
  );
  return page('members', rows, options.limit, toMember, (row) => row.sortAt);
}

interface RawMemberGroup {
  id: string;
  name: string;
  brandMemberBadge: BrandMemberBadge | null;
  sortAt: Date;
}

const groupColumns = `id::text AS id, name, brand_member_badge AS "brandMemberBadge", created_at AS "sortAt"`;

const toMemberGroup = ({ sortAt: _sortAt, ...row }: RawMemberGroup): MemberGroup => row;

export const getMemberGroup = versionedGet<RawMemberGroup, MemberGroup>(
  `SELECT ${groupColumns}, version FROM member_groups WHERE id = $1 AND brand_id = $2`,
  toMemberGroup,
);

export async function listMemberGroups(
  db: Queryable,
  brandId: string,
  options: PageOptions,
): Promise<CommunityPage<MemberGroup>> {
  const after = cursorOf('memberGroups', options.after);
  const { rows } = await db.query<RawMemberGroup>(
    after
      ? `SELECT ${groupColumns} FROM member_groups
         WHERE brand_id = $1 AND (created_at, id) > ($3::timestamptz, $4::uuid)
         ORDER BY created_at, id LIMIT $2`
      : `SELECT ${groupColumns} FROM member_groups WHERE brand_id = $1 ORDER BY created_at, id LIMIT $2`,
    after ? [brandId, options.limit + 1, after.at, after.id] : [brandId, options.limit + 1],
  );
  return page('memberGroups', rows, options.limit, toMemberGroup, (row) => row.sortAt);
}

/** Ids of a group's members, for the deletion that removes the group from each of them. */
export async function memberIdsInGroup(db: Queryable, memberGroupId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT member_id::text AS id FROM member_group_memberships WHERE group_id = $1 ORDER BY member_id',
    [memberGroupId],
  );
  return rows.map((row) => row.id);
}

interface RawPost extends Omit<PostRow, 'createdAt' | 'publishedAt'> {
  createdAt: Date;
  publishedAt: Date | null;
}

const postColumns = `id::text AS id, room_id::text AS "roomId", member_id::text AS "userId", title,
  content_html AS "contentHtml", is_pinned AS "isPinned", is_published AS "isPublished", type,
  created_at AS "createdAt", published_at AS "publishedAt"`;

const toPost = (row: RawPost): PostRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  publishedAt: row.publishedAt === null ? null : row.publishedAt.toISOString(),
});

/** Posts in creation order, optionally of one room and created strictly after an instant. */
export async function listPosts(
  db: Queryable,
  brandId: string,
  options: PageOptions & { roomId?: string | undefined; createdAtAfter?: string | undefined },
): Promise<CommunityPage<PostRow>> {
  const after = cursorOf('posts', options.after);
  const params: unknown[] = [brandId, options.limit + 1];
  const where = ['brand_id = $1'];
  if (options.roomId !== undefined) {
    params.push(options.roomId);
    where.push(`room_id = $${params.length}`);
  }
  if (options.createdAtAfter !== undefined) {
    params.push(options.createdAtAfter);
    where.push(`created_at > $${params.length}::timestamptz`);
  }
  if (after) {
    params.push(after.at, after.id);
    where.push(`(created_at, id) > ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  const { rows } = await db.query<RawPost>(
    `SELECT ${postColumns} FROM posts WHERE ${where.join(' AND ')} ORDER BY created_at, id LIMIT $2`,
    params,
  );
  return page('posts', rows, options.limit, toPost, (row) => row.createdAt);
}

function cursorOf(list: CommunityList, cursor: string | undefined) {
  return cursor === undefined ? undefined : decodeCommunityCursor(list, cursor);
}

function page<Raw extends { id: string }, T>(
  list: CommunityList,
  rows: Raw[],
  limit: number,
  map: (row: Raw) => T,
  sortAtOf: (row: Raw) => Date,
): CommunityPage<T> {
  return keysetPage(
    rows,
    limit,
    (last) => encodeCommunityCursor(list, { at: sortAtOf(last).toISOString(), id: last.id }),
    (kept) => kept.map(map),
  );
}
