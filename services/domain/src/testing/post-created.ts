import type { PostCreated, UserReference } from '@brand-api/contracts';

/** A published text post titled 'Hello', as the post and comment specs start from it. */
export const postCreated = (data: {
  postId: string;
  roomId: string;
  member: UserReference;
  now: string;
}): PostCreated => ({
  type: 'PostCreated',
  schemaVersion: 1,
  data: {
    postId: data.postId,
    roomId: data.roomId,
    memberId: data.member.id,
    member: data.member,
    type: 'TEXT',
    title: 'Hello',
    contentHtml: '<p>First!</p>',
    isPublished: true,
    createdAt: data.now,
    publishedAt: data.now,
  },
});
