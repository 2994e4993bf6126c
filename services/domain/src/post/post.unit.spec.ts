import type { PostLiked } from '@brand-api/contracts';
import type { ActingMember } from '../member';
import type { RoomState } from '../room';
import { DeciderSpecification, stateAfter } from '../testing/decider-specification';
import { postCreated } from '../testing/post-created';
import { postDecider, postLikeDecider } from './index';
import type { PostCommand, PostState, PostStreamEvent } from './index';

const postId = 'e1d2c3b4-a5f6-4789-8abc-def012345678';
const roomId = '3a5c7e9f-1b2d-4f6a-8c0e-2d4f6a8c0e1b';
const memberId = '5f0c6d1e-8a4b-4c3d-9e2f-1a2b3c4d5e6f';
const reference = { id: memberId, customAuthSub: 'auth0|1', email: 'ada@example.com' };
const now = '2025-03-02T18:30:00.000Z';

const customer: ActingMember = { memberId, role: 'CUSTOMER', isBanned: false, reference };
const moderator: ActingMember = { ...customer, role: 'MODERATOR' };
const banned: ActingMember = { ...customer, isBanned: true };
const room: RoomState = { status: 'active', id: roomId, name: 'General' };

const given = DeciderSpecification.for(postDecider);

const create = (
  overrides: Partial<Extract<PostCommand, { type: 'CreatePost' }>['data']> = {},
): PostCommand => ({
  type: 'CreatePost',
  data: {
    postId,
    room,
    actor: customer,
    type: 'TEXT',
    title: ' Hello ',
    contentHtml: '<p>First!</p>',
    now,
    ...overrides,
  },
});

const created: PostStreamEvent = postCreated({ postId, roomId, member: reference, now });
const pinned: PostStreamEvent = { type: 'PostPinned', schemaVersion: 1, data: { postId, roomId } };

describe('Post decider', () => {
  it('creates a published post carrying the author as they are now', () => {
    given([]).when(create()).then([created]);
  });

  it('refuses banned members, unknown rooms, empty titles and content that sanitising emptied', () => {
    given([])
      .when(create({ actor: banned }))
      .thenThrows({
        rule: 'member-banned',
      });
    given([])
      .when(create({ room: { status: 'absent' } }))
      .thenThrows({
        rule: 'not-found',
      });
    given([])
      .when(create({ title: '  ' }))
      .thenThrows({
        problems: [{ path: ['title'] }],
      });
    given([])
      .when(create({ contentHtml: '<p> &nbsp;</p>' }))
      .thenThrows({
        problems: [{ path: ['contentHtml'] }],
      });
    given([])
      .when(create({ contentHtml: '<img src="https://x.example/a.png">' }))
      .thenMatches([{ type: 'PostCreated' }]);
  });

  it('lets moderators pin and unpin, once each', () => {
    given([created])
      .when({ type: 'PinPost', data: { actor: moderator } })
      .then([pinned]);
    given([created, pinned])
      .when({ type: 'PinPost', data: { actor: moderator } })
      .thenNothingHappened();
    given([created, pinned])
      .when({
        type: 'UnpinPost',
        data: { actor: { ...moderator, role: 'ADMIN' } },
      })
      .then([{ type: 'PostUnpinned', schemaVersion: 1, data: { postId, roomId } }]);
  });

  it('refuses pins by customers and banned moderators, and pins of unknown posts', () => {
    given([created])
      .when({ type: 'PinPost', data: { actor: customer } })
      .thenThrows({
        rule: 'role-required',
      });
    given([created])
      .when({
        type: 'PinPost',
        data: { actor: { ...moderator, isBanned: true } },
      })
      .thenThrows({ rule: 'member-banned' });
    given([])
      .when({ type: 'UnpinPost', data: { actor: moderator } })
      .thenThrows({
        rule: 'not-found',
      });
  });
});

describe('PostLike decider', () => {
  const post: PostState = stateAfter(postDecider, [created]);
  const liked: PostLiked = {
    type: 'PostLiked',
    schemaVersion: 1,
    data: { postId, roomId, memberId, member: reference },
  };
  const given = DeciderSpecification.for(postLikeDecider);
  const like = { type: 'LikePost', data: { post, actor: customer } } as const;

  it('records the first like and ignores the second', () => {
    given([]).when(like).then([liked]);
    given([liked]).when(like).thenNothingHappened();
  });

  it('refuses banned members and unknown posts', () => {
    given([])
      .when({ type: 'LikePost', data: { post, actor: banned } })
      .thenThrows({ rule: 'member-banned' });
    given([])
      .when({ type: 'LikePost', data: { post: { status: 'absent' }, actor: customer } })
      .thenThrows({ rule: 'not-found' });
  });
});
