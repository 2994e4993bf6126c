/** The data of each webhook event type, as delivered to a brand's endpoint. */
import { Type, type Static } from 'typebox';
import { UserReference } from '../entities/user-reference';
import { Email, Nullable, PhoneNumber, Uuid } from '../primitives';

/** Comment text in `post_comment.created` is cut to this many characters (an ellipsis marks a cut). */
export const PLAIN_TEXT_CONTENT_MAX_LENGTH = 500;

export const UserJoinedData = Type.Object(
  {
    userId: Uuid(),
    email: Email(),
    phoneNumber: Nullable(PhoneNumber()),
    user: UserReference,
  },
  { $id: 'UserJoinedData', title: 'user.joined data', additionalProperties: false },
);
export type UserJoinedData = Static<typeof UserJoinedData>;

export const PostCreatedData = Type.Object(
  {
    postId: Uuid(),
    userId: Uuid({ description: 'The author.' }),
    user: UserReference,
    title: Type.String(),
  },
  { $id: 'PostCreatedData', title: 'post.created data', additionalProperties: false },
);
export type PostCreatedData = Static<typeof PostCreatedData>;

export const PostLikedData = Type.Object(
  {
    postId: Uuid(),
    userId: Uuid({ description: 'The member who liked the post.' }),
    user: UserReference,
  },
  { $id: 'PostLikedData', title: 'post.liked data', additionalProperties: false },
);
export type PostLikedData = Static<typeof PostLikedData>;

export const PostCommentCreatedData = Type.Object(
  {
    postId: Uuid(),
    postTitle: Type.String(),
    postCommentId: Uuid(),
    plainTextContent: Type.String({
      maxLength: PLAIN_TEXT_CONTENT_MAX_LENGTH,
      description: `The comment as plain text, truncated to ${PLAIN_TEXT_CONTENT_MAX_LENGTH} characters.`,
    }),
    userId: Uuid({ description: 'The author of the comment.' }),
    user: UserReference,
  },
  {
    $id: 'PostCommentCreatedData',
    title: 'post_comment.created data',
    additionalProperties: false,
  },
);
export type PostCommentCreatedData = Static<typeof PostCommentCreatedData>;

export const PostCommentLikedData = Type.Object(
  {
    postId: Uuid(),
    postTitle: Type.String(),
    postCommentId: Uuid(),
    userId: Uuid({ description: 'The member who liked the comment.' }),
    user: UserReference,
  },
  { $id: 'PostCommentLikedData', title: 'post_comment.liked data', additionalProperties: false },
);
export type PostCommentLikedData = Static<typeof PostCommentLikedData>;
