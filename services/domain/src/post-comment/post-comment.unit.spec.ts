import type { PostCommentCreated, PostCommentLiked } from '@brand-api/contracts';
import type { ActingMember } from '../member';
import { postDecider } from '../post';
import type { PostState } from '../post';
import { DeciderSpecification, invalidAt } from '../testing/decider-specification';
import { postCreated } from '../testing/post-created';
import { postCommentDecider, postCommentLikeDecider } from './index';
import type { CreatePostComment, PostCommentState } from './index';

const postId = 'e1d2c3b4-a5f6-4789-8abc-def012345678';
const roomId = '3a5c7e9f-1b2d-4f6a-8c0e-2d4f6a8c0e1b';
const postCommentId = 'c0c1c2c3-d4d5-4e6f-8a7b-9c8d7e6f5a4b';
const memberId = '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
const reference = { id: memberId, customAuthSub: null, email: 'ada@example.com' };
const actor: ActingMember = { memberId, role: 'CUSTOMER', isBanned: false, reference };
const now = '2025-03-02T19:00:00.000Z';

const post: PostState = postDecider.evolve(
  postDecider.initialState(),
  postCreated({ postId, roomId, member: reference, now }),
);

const comment = (overrides: Partial<CreatePostComment['data']> = {}): CreatePostComment => ({
  type: 'CreatePostComment',
  data: { postCommentId, post, actor, contentHtml: '<p>Nice</p>', now, ...overrides },
});

const created: PostCommentCreated = {
  type: 'PostCommentCreated',
  schemaVersion: 1,
  data: {
    postCommentId,
    postId,
    postTitle: 'Hello',
    roomId,
    memberId,
    member: reference,
    contentHtml: '<p>Nice</p>',
    createdAt: now,
  },
};

describe('PostComment decider', () => {
  const given = DeciderSpecification.for(postCommentDecider);

  it('comments on a post, carrying its title for the webhook', () => {
    given([]).when(comment()).then([created]);
  });

  it('refuses banned members, unknown posts and empty comments', () => {
    given([])
      .when(comment({ actor: { ...actor, isBanned: true } }))
      .thenThrows({ rule: 'member-banned' });
    given([])
      .when(comment({ post: { status: 'absent' } }))
      .thenThrows({ rule: 'not-found' });
    given([])
      .when(comment({ contentHtml: '' }))
      .thenThrows(invalidAt(['contentHtml']));
  });
});

describe('PostCommentLike decider', () => {
  const state: PostCommentState = postCommentDecider.evolve(
    postCommentDecider.initialState(),
    created,
  );
  const liked: PostCommentLiked = {
    type: 'PostCommentLiked',
    schemaVersion: 1,
    data: { postCommentId, postId, postTitle: 'Hello', roomId, memberId, member: reference },
  };

  const given = DeciderSpecification.for(postCommentLikeDecider);

  it('records the first like and ignores the second', () => {
    const like = { type: 'LikePostComment', data: { comment: state, actor } } as const;
    given([]).when(like).then([liked]);
    given([liked]).when(like).thenNothingHappened();
  });

  it('refuses likes of unknown comments', () => {
    given([])
      .when({ type: 'LikePostComment', data: { comment: { status: 'absent' }, actor } })
      .thenThrows({ rule: 'not-found' });
  });
});
