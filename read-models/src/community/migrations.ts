import type { Migration } from '@brand-api/event-store';

/**
 * Read tables of the community projection. Lists walk `(brand_id, <time>, id)` keysets, so a
 * page costs the same at any depth; members of one group walk their own membership index.
 * Ids follow `read-models/<projection>/<nnn>` so a shadow rebuild finds them.
 */
export const communityMigrations: readonly Migration[] = [
  {
    id: 'read-models/community/001-members-groups-posts',
    sql: `
CREATE TABLE IF NOT EXISTS member_groups (
  id uuid PRIMARY KEY,
  brand_id uuid NOT NULL,
  name text NOT NULL,
  brand_member_badge jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS member_groups_brand_created ON member_groups (brand_id, created_at, id);
CREATE TABLE IF NOT EXISTS members (
  id uuid PRIMARY KEY,
  brand_id uuid NOT NULL,
  username text NOT NULL,
  custom_auth_sub text,
  first_name text NOT NULL,
  last_name text,
  email text NOT NULL,
  phone_number text,
  profile_picture_url text,
  is_email_verified boolean NOT NULL,
  is_banned boolean NOT NULL DEFAULT false,
  role text NOT NULL,
  group_ids uuid[] NOT NULL DEFAULT '{}',
  joined_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS members_brand_joined ON members (brand_id, joined_at, id);
CREATE TABLE IF NOT EXISTS member_group_memberships (
  group_id uuid NOT NULL,
  member_id uuid NOT NULL,
  member_joined_at timestamptz NOT NULL,
  PRIMARY KEY (group_id, member_id)
);
CREATE INDEX IF NOT EXISTS member_group_memberships_walk
  ON member_group_memberships (group_id, member_joined_at, member_id);
CREATE INDEX IF NOT EXISTS member_group_memberships_member ON member_group_memberships (member_id);
CREATE TABLE IF NOT EXISTS posts (
  id uuid PRIMARY KEY,
  brand_id uuid NOT NULL,
  room_id uuid NOT NULL,
  member_id uuid NOT NULL,
  type text NOT NULL,
  title text NOT NULL,
  content_html text NOT NULL,
  is_pinned boolean NOT NULL DEFAULT false,
  is_published boolean NOT NULL,
  created_at timestamptz NOT NULL,
  published_at timestamptz
);
CREATE INDEX IF NOT EXISTS posts_brand_created ON posts (brand_id, created_at, id);
CREATE INDEX IF NOT EXISTS posts_brand_room_created ON posts (brand_id, room_id, created_at, id);
`,
  },
  {
    // The version of each member's and group's stream (its last event's stream version): the
    // API's ETag. The projection's version bump replays every row, so the default is never read.
    id: 'read-models/community/002-stream-versions',
    sql: `
ALTER TABLE members ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 0;
ALTER TABLE member_groups ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 0;
`,
  },
];
