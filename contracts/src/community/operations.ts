/**
 * The member-facing community API (`/community/v1`): what the community web app calls with the
 * session cookie. Not part of the Brand API document; the API mounts these with the same
 * router, body reader and validators as the Brand API's routes.
 */
import { Type, type Static } from 'typebox';
import { Post, postTypes } from '../entities/post';
import { defineOperation } from '../operator/operation';
import { DateTime, Uuid } from '../primitives';
import { MemberResponse } from '../requests/members';

/** Large enough for a long post with markup; the sanitised result is what is stored. */
const maxContentHtmlLength = 50_000;

const ContentHtml = Type.String({ minLength: 1, maxLength: maxContentHtmlLength });

const PostParams = Type.Object({ postId: Uuid() }, { additionalProperties: false });

const PostAnswer = Type.Object({ data: Post });

/** A comment as its author gets it back. */
export const CommunityPostComment = Type.Object(
  {
    id: Uuid(),
    postId: Uuid(),
    userId: Uuid({ description: 'The member who wrote the comment.' }),
    contentHtml: Type.String({ description: 'Sanitised HTML.' }),
    createdAt: DateTime(),
  },
  { additionalProperties: false },
);
export type CommunityPostComment = Static<typeof CommunityPostComment>;

/** Calls that need no session: sign-in, sign-out and sign-up. */
export const publicCommunityOperations = [
  defineOperation({
    operationId: 'redeemMagicLink',
    method: 'get',
    path: '/auth/magic-link',
    // Mail clients add tracking parameters to links, and a mangled token must still get the
    // error page rather than a JSON 400: the handler checks the token itself.
    query: Type.Object({ token: Type.Optional(Type.Unknown()) }),
    // A redirect that sets the session cookie, or an HTML error page: no JSON answer.
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
    response: MemberResponse,
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
    response: PostAnswer,
  }),
  defineOperation({
    operationId: 'pinPost',
    method: 'post',
    path: '/posts/{postId}/pin',
    params: PostParams,
    successStatus: 200,
    response: PostAnswer,
  }),
  defineOperation({
    operationId: 'unpinPost',
    method: 'delete',
    path: '/posts/{postId}/pin',
    params: PostParams,
    successStatus: 200,
    response: PostAnswer,
  }),
  defineOperation({
    operationId: 'likePost',
    method: 'post',
    path: '/posts/{postId}/likes',
    params: PostParams,
    successStatus: 200,
    response: Type.Object({ data: Type.Object({ postId: Uuid(), liked: Type.Literal(true) }) }),
  }),
  defineOperation({
    operationId: 'createPostComment',
    method: 'post',
    path: '/posts/{postId}/comments',
    params: PostParams,
    body: Type.Object({ contentHtml: ContentHtml }, { additionalProperties: false }),
    successStatus: 201,
    response: Type.Object({ data: CommunityPostComment }),
  }),
  defineOperation({
    operationId: 'likePostComment',
    method: 'post',
    path: '/comments/{commentId}/likes',
    params: Type.Object({ commentId: Uuid() }, { additionalProperties: false }),
    successStatus: 200,
    response: Type.Object({
      data: Type.Object({ commentId: Uuid(), liked: Type.Literal(true) }),
    }),
  }),
] as const;
