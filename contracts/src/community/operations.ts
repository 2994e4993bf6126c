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
    summary: 'Follow a magic link',
    description:
      "Signs the member in: sets the session cookie and redirects to the brand's return address, or shows an error page.",
    errors: [
      'MAGIC_LINK_INVALID',
      'MAGIC_LINK_EXPIRED',
      'MAGIC_LINK_USED',
      'MEMBER_BANNED',
      'CUSTOM_AUTH_NOT_ENABLED',
    ],
    // Mail clients add tracking parameters to links, and a mangled token must still get the
    // error page rather than a JSON 400: the handler checks the token itself.
    query: Type.Object({ token: Type.Optional(Type.Unknown()) }),
    // A redirect that sets the session cookie, or an HTML error page: no JSON answer.
    successStatus: 302,
  }),
  defineOperation({
    operationId: 'showMembersLanding',
    method: 'get',
    path: '/landing',
    summary: "Stand in for the members' front end",
    description:
      "Where a redeemed magic link and a post's `url` lead while the server has no `MEMBERS_URL`: a plain page that says who is signed in, which page the link was for, and that `MEMBERS_URL` names the members' front end. With `MEMBERS_URL` set it redirects there.",
    // `to` is the members' page the visitor was sent to; anything else is ignored, as on the
    // magic link, and a `to` that is no relative path is shown as `/`.
    query: Type.Object({ to: Type.Optional(Type.Unknown()) }),
    // An HTML page (or a redirect to MEMBERS_URL): no JSON answer.
    successStatus: 200,
    html: true,
  }),
  defineOperation({
    // Needs no live session: signing out twice, or with an expired cookie, still clears it.
    operationId: 'signOut',
    method: 'post',
    path: '/auth/sign-out',
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie; works without a live session too.',
    successStatus: 204,
  }),
  defineOperation({
    operationId: 'signUp',
    method: 'post',
    path: '/brands/{brandId}/sign-up',
    summary: 'Sign up',
    description: 'Creates a member of a brand that does not use custom authentication.',
    errors: ['SIGN_UP_NOT_ALLOWED', 'CONFLICT'],
    location: '/api/v1/members/{id}',
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
    summary: 'Create a post',
    description: 'Posts in a room as the signed-in member; the HTML is sanitised.',
    location: '/community/v1/posts/{id}',
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
    summary: 'Pin a post',
    description: 'Pins a post to the top of its room (moderators and admins).',
    errors: ['ROLE_REQUIRED'],
    params: PostParams,
    successStatus: 200,
    response: PostAnswer,
  }),
  defineOperation({
    operationId: 'unpinPost',
    method: 'delete',
    path: '/posts/{postId}/pin',
    summary: 'Unpin a post',
    description: 'Unpins a post (moderators and admins).',
    errors: ['ROLE_REQUIRED'],
    params: PostParams,
    successStatus: 200,
    response: PostAnswer,
  }),
  defineOperation({
    operationId: 'likePost',
    method: 'post',
    path: '/posts/{postId}/likes',
    summary: 'Like a post',
    description: 'Likes a post as the signed-in member; liking twice changes nothing.',
    params: PostParams,
    successStatus: 200,
    response: Type.Object({ data: Type.Object({ postId: Uuid(), liked: Type.Literal(true) }) }),
  }),
  defineOperation({
    operationId: 'createPostComment',
    method: 'post',
    path: '/posts/{postId}/comments',
    summary: 'Comment on a post',
    description: 'Comments on a post as the signed-in member; the HTML is sanitised.',
    location: '/community/v1/comments/{id}',
    params: PostParams,
    body: Type.Object({ contentHtml: ContentHtml }, { additionalProperties: false }),
    successStatus: 201,
    response: Type.Object({ data: CommunityPostComment }),
  }),
  defineOperation({
    operationId: 'likePostComment',
    method: 'post',
    path: '/comments/{commentId}/likes',
    summary: 'Like a comment',
    description: 'Likes a comment as the signed-in member; liking twice changes nothing.',
    params: Type.Object({ commentId: Uuid() }, { additionalProperties: false }),
    successStatus: 200,
    response: Type.Object({
      data: Type.Object({ commentId: Uuid(), liked: Type.Literal(true) }),
    }),
  }),
] as const;
