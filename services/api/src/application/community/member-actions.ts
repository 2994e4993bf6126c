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
import type { ActingMember, LivePost, LivePostComment, PinPost } from '@brand-api/domain';
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
  /** Runs `act` as the context's member, read first in the same unit of work. */
  const asMember = async <T>(
    context: CommandContext,
    act: (uow: UnitOfWork, actor: ActingMember, now: string) => Promise<T>,
  ): Promise<T> => {
    const { value } = await engine.run(context, async (uow, now) =>
      act(uow, await actingMember(uow, context.actor.id), now),
    );
    return value;
  };

  const changePin = (context: CommandContext, postId: string, type: PinPost['type']) =>
    asMember(context, async (uow, actor) => {
      const post = await uow.load(postStreamName(postId), postDecider, { tenant: true });
      post.decide({ type, data: { actor } });
      return livePost(post.state);
    });

  return {
    createPost(
      context: CommandContext,
      roomId: string,
      input: { type: PostType; title: string; contentHtml: string },
    ): Promise<LivePost> {
      const postId = ids();
      return asMember(context, async (uow, actor, now) => {
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
    },

    pinPost: (context: CommandContext, postId: string) => changePin(context, postId, 'PinPost'),
    unpinPost: (context: CommandContext, postId: string) => changePin(context, postId, 'UnpinPost'),

    async likePost(context: CommandContext, postId: string): Promise<void> {
      await asMember(context, async (uow, actor) => {
        const post = await uow.load(postStreamName(postId), postDecider, { tenant: true });
        const like = await uow.load(postLikeStreamName(postId, actor.memberId), postLikeDecider, {
          tenant: false,
        });
        like.decide({ type: 'LikePost', data: { post: post.state, actor } });
      });
    },

    createPostComment(
      context: CommandContext,
      postId: string,
      contentHtml: string,
    ): Promise<LivePostComment> {
      const postCommentId = ids();
      return asMember(context, async (uow, actor, now) => {
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
    },

    async likePostComment(context: CommandContext, commentId: string): Promise<void> {
      await asMember(context, async (uow, actor) => {
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
