import { MagicLinkResponse } from '../entities/magic-link';
import { CreateMagicLinkBody } from '../requests/magic-link';
import { ListPostsQuery, PostList } from '../requests/posts';
import { defineRoute } from './route-definition';
import { routeErrors } from './route-errors';

export const magicLinkRoutes = {
  /**
   * 200, not 201: the call finds or creates a member and hands out a link, and the link is not
   * a resource the API can address afterwards. The product defines the answer as `{ magicLink, userId }`, kept as is.
   */
  createMagicLink: defineRoute({
    operationId: 'createMagicLink',
    method: 'post',
    path: '/magic-link',
    summary: 'Create a magic sign-in link',
    description:
      'For brands using custom authentication. Finds the member by `customAuthSub` or creates them, updates their email and phone number, and returns a single-use sign-in link valid for 15 minutes. After sign-in the member lands on `returnTo` with `state` handed back. A banned member gets no link (403 `MEMBER_BANNED`).',
    tag: 'Magic link',
    scope: 'magic_link:write',
    body: CreateMagicLinkBody,
    successStatus: 200,
    response: MagicLinkResponse,
    errors: routeErrors({
      writes: true,
      body: true,
      extra: ['CUSTOM_AUTH_NOT_ENABLED', 'MEMBER_BANNED'],
    }),
  }),
} as const;

export const postRoutes = {
  listPosts: defineRoute({
    operationId: 'listPosts',
    method: 'get',
    path: '/posts',
    summary: 'List posts',
    description:
      'Pages through posts in a stable order, optionally of one room (`roomId`) and created after an instant (`createdAtAfter`). Pass `nextCursor` as `after` to get the next page.',
    tag: 'Posts',
    scope: 'posts:read',
    query: ListPostsQuery,
    successStatus: 200,
    response: PostList,
    errors: routeErrors({ validated: true }),
  }),
} as const;
