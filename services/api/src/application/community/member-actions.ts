import {
  actingMemberOf,
  livePost,
  livePostComment,
  postCommentDecider,
  postCommentLikeDecider,
  postCommentLikeStreamName,
  postCommentStreamName,
  postDecider,
  postLikeDecider,
  postLikeStreamName,
  postStreamName,
  roomDecider,
  roomStreamName,
} from '@brand-api/domain';
import type { ActingMember, LivePost, LivePostComment } from '@brand-api/domain';
import type { PostType } from '@brand-api/contracts';
import type { CommandContext, CommandEngine, UnitOfWork } from '@brand-api/event-store';
import { DomainError } from '@brand-api/domain';
import { loadMember } from './members';
import { sanitizeContentHtml } from './sanitize';

/** The signed-in member as their stream says now: banned or not, role, user reference. */
async function actingMember(uow: UnitOfWork, memberId: string): Promise<ActingMember> {
  const member = await loadMember(uow, memberId);
  // A session of a member that no longer exists does not sign anyone in.
  if (member.state.status !== 'active') throw new DomainError('session-ended');
  return actingMemberOf(member.state);
}

/**
 * What a signed-in member does in the community: post, pin (moderators and admins), like and
 * comment. The context's actor is the member; rules live in the deciders.
 */
export function memberActions(engine: CommandEngine, ids: () => string) {
  const memberOf = (context: CommandContext) => context.actor.id;

  const changePin = (context: CommandContext, postId: string, type: 'PinPost' | 'UnpinPost') =>
    engine
      .run(context, async (uow) => {
        const actor = await actingMember(uow, memberOf(context));
        const post = await uow.load(postStreamName(postId), postDecider, { tenant: true });
        post.decide({ type, data: { actor } });
        return livePost(post.state);
      })
      .then((result) => result.value);

  return {
    async createPost(
      context: CommandContext,
      roomId: string,
      input: { type: PostType; title: string; contentHtml: string },
    ): Promise<LivePost> {
      const postId = ids();
      const { value } = await engine.run(context, async (uow, now) => {
        const actor = await actingMember(uow, memberOf(context));
        const room = await uow.load(roomStreamName(roomId), roomDecider, { tenant: true });
        const stream = uow.fresh(postStreamName(postId), postDecider);
        stream.decide({
          type: 'CreatePost',
          data: {
            postId,
            room: room.state,
            actor,
            type: input.type,
            title: input.title,
            contentHtml: sanitizeContentHtml(input.contentHtml),
            now,
          },
        });
        return livePost(stream.state);
      });
      return value;
    },

    pinPost: (context: CommandContext, postId: string) => changePin(context, postId, 'PinPost'),
    unpinPost: (context: CommandContext, postId: string) => changePin(context, postId, 'UnpinPost'),

    async likePost(context: CommandContext, postId: string): Promise<void> {
      await engine.run(context, async (uow) => {
        const actor = await actingMember(uow, memberOf(context));
        const post = await uow.load(postStreamName(postId), postDecider, { tenant: true });
        const like = await uow.load(postLikeStreamName(postId, actor.memberId), postLikeDecider, {
          tenant: false,
        });
        like.decide({ type: 'LikePost', data: { post: post.state, actor } });
      });
    },

    async createPostComment(
      context: CommandContext,
      postId: string,
      contentHtml: string,
    ): Promise<LivePostComment> {
      const postCommentId = ids();
      const { value } = await engine.run(context, async (uow, now) => {
        const actor = await actingMember(uow, memberOf(context));
        const post = await uow.load(postStreamName(postId), postDecider, { tenant: true });
        const stream = uow.fresh(postCommentStreamName(postCommentId), postCommentDecider);
        stream.decide({
          type: 'CreatePostComment',
          data: {
            postCommentId,
            post: post.state,
            actor,
            contentHtml: sanitizeContentHtml(contentHtml),
            now,
          },
        });
        return livePostComment(stream.state);
      });
      return value;
    },

    async likePostComment(context: CommandContext, commentId: string): Promise<void> {
      await engine.run(context, async (uow) => {
        const actor = await actingMember(uow, memberOf(context));
        const comment = await uow.load(postCommentStreamName(commentId), postCommentDecider, {
          tenant: true,
        });
        const like = await uow.load(
          postCommentLikeStreamName(commentId, actor.memberId),
          postCommentLikeDecider,
          { tenant: false },
        );
        like.decide({ type: 'LikePostComment', data: { comment: comment.state, actor } });
      });
    },
  };
}
