/**
 * The member-facing community API (`/community/v1`): what the community web app calls with the
 * session cookie. Not part of the Brand API document; defined in the same form as its routes so
 * the same router, body reader and validators serve it.
 */
import { postTypes, Uuid } from '@brand-api/contracts';
import { Type } from 'typebox';
import type { Operation } from '../http/operation';

const defineOperation = <const O extends Operation>(operation: O): O => operation;

/** Large enough for a long post with markup; the sanitised result is what is stored. */
const maxContentHtmlLength = 50_000;

const ContentHtml = Type.String({ minLength: 1, maxLength: maxContentHtmlLength });

const PostParams = Type.Object({ postId: Uuid() }, { additionalProperties: false });

/** Calls that need no session: sign-in, sign-out and sign-up. */
export const publicCommunityOperations = [
  defineOperation({
    operationId: 'redeemMagicLink',
    method: 'get',
    path: '/auth/magic-link',
    // Mail clients add tracking parameters to links, and a mangled token must still get the
    // error page rather than a JSON 400: the handler checks the token itself.
    query: Type.Object({ token: Type.Optional(Type.Unknown()) }),
    successStatus: 302,
  }),
  defineOperation({
    // Needs no live session: signing out twice, or with an expired cookie, still clears it.
    operationId: 'signOut',
    method: 'post',
    path: '/auth/sign-out',
    successStatus: 204,
  }),
  defineOperation({
    operationId: 'signUp',
    method: 'post',
    path: '/brands/{brandId}/sign-up',
    params: Type.Object({ brandId: Uuid() }, { additionalProperties: false }),
    body: Type.Object(
      {
        email: Type.String({ format: 'email', maxLength: 254 }),
        firstName: Type.String({ minLength: 1, maxLength: 100 }),
        lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      },
      { additionalProperties: false },
    ),
    successStatus: 201,
  }),
] as const;

/** Calls of a signed-in member. */
export const memberCommunityOperations = [
  defineOperation({
    operationId: 'createPost',
    method: 'post',
    path: '/rooms/{roomId}/posts',
    params: Type.Object({ roomId: Uuid() }, { additionalProperties: false }),
    body: Type.Object(
      {
        type: Type.Enum(postTypes),
        title: Type.String({ minLength: 1, maxLength: 300 }),
        contentHtml: ContentHtml,
      },
      { additionalProperties: false },
    ),
    successStatus: 201,
  }),
  defineOperation({
    operationId: 'pinPost',
    method: 'post',
    path: '/posts/{postId}/pin',
    params: PostParams,
    successStatus: 200,
  }),
  defineOperation({
    operationId: 'unpinPost',
    method: 'delete',
    path: '/posts/{postId}/pin',
    params: PostParams,
    successStatus: 200,
  }),
  defineOperation({
    operationId: 'likePost',
    method: 'post',
    path: '/posts/{postId}/likes',
    params: PostParams,
    successStatus: 200,
  }),
  defineOperation({
    operationId: 'createPostComment',
    method: 'post',
    path: '/posts/{postId}/comments',
    params: PostParams,
    body: Type.Object({ contentHtml: ContentHtml }, { additionalProperties: false }),
    successStatus: 201,
  }),
  defineOperation({
    operationId: 'likePostComment',
    method: 'post',
    path: '/comments/{commentId}/likes',
    params: Type.Object({ commentId: Uuid() }, { additionalProperties: false }),
    successStatus: 200,
  }),
] as const;

/** Operators create rooms (`/admin/v1`, behind the admin token). */
