import { ApiError } from '@brand-api/contracts';
import {
  actingMemberOf,
  livePost,
  livePostComment,
  postCommentDecider,
  postCommentLikeDecider,
  postCommentLikeStreamName,
  postCommentStreamName,
  postCommentView,
  postDecider,
  postLikeDecider,
  postLikeStreamName,
  postStreamName,
  postView,
  roomDecider,
  roomStreamName,
} from '@brand-api/domain';
import type { ActingMember } from '@brand-api/domain';
import type { HandlersFor, OperationRequest } from '../http/operation';
import type { AppServices } from '../services';
import { commandContext } from './context';
import type { memberCommunityOperations } from './operations';
import { sanitizeContentHtml } from './sanitize';
import type { MemberPrincipal } from './session';
import { postUrl } from './urls';
import { loadMember } from './write/members';
import { runCommunityCommand } from './write/run-command';
import type { UnitOfWork } from './write/run-command';

type Operations = typeof memberCommunityOperations;
type AnyRequest = OperationRequest<Operations[number], MemberPrincipal>;

/** The signed-in member as their stream says now: banned or not, role, user reference. */
async function actingMember(uow: UnitOfWork, principal: MemberPrincipal): Promise<ActingMember> {
  const member = await loadMember(uow, principal.memberId);
  if (member.state.status !== 'active') throw new ApiError('SESSION_REQUIRED');
  return actingMemberOf(member.state);
}

/**
 * What a signed-in member does in the community: post, pin (moderators and admins), like and
 * comment. Rules live in the deciders; these load the streams a decision needs and answer.
 */
export function memberCommandHandlers(
  services: AppServices,
  publicUrl: string,
): HandlersFor<Operations, MemberPrincipal> {
  const run = <T>(request: AnyRequest, work: (uow: UnitOfWork, now: string) => Promise<T>) =>
    runCommunityCommand(
      services,
      commandContext(
        request.auth.brandId,
        { kind: 'member', id: request.auth.memberId },
        request.requestId,
      ),
      work,
    ).then((result) => result.value);

  const changePin = (
    request: AnyRequest & { params: { postId: string } },
    type: 'PinPost' | 'UnpinPost',
  ) =>
    run(request, async (uow) => {
      const actor = await actingMember(uow, request.auth);
      const post = await uow.load(postStreamName(request.params.postId), postDecider, {
        tenant: true,
      });
      post.decide({ type, data: { actor } });
      return livePost(post.state);
    });

  return {
    async createPost(request) {
      const postId = services.ids();
      const post = await run(request, async (uow, now) => {
        const actor = await actingMember(uow, request.auth);
        const room = await uow.load(roomStreamName(request.params.roomId), roomDecider, {
          tenant: true,
        });
        const stream = uow.fresh(postStreamName(postId), postDecider);
        stream.decide({
          type: 'CreatePost',
          data: {
            postId,
            room: room.state,
            actor,
            type: request.body.type,
            title: request.body.title,
            contentHtml: sanitizeContentHtml(request.body.contentHtml),
            now,
          },
        });
        return livePost(stream.state);
      });
      return { body: { data: postView(post, postUrl(publicUrl, post.id)) } };
    },

    async pinPost(request) {
      const post = await changePin(request, 'PinPost');
      return { body: { data: postView(post, postUrl(publicUrl, post.id)) } };
    },

    async unpinPost(request) {
      const post = await changePin(request, 'UnpinPost');
      return { body: { data: postView(post, postUrl(publicUrl, post.id)) } };
    },

    async likePost(request) {
      const { postId } = request.params;
      await run(request, async (uow) => {
        const actor = await actingMember(uow, request.auth);
        const post = await uow.load(postStreamName(postId), postDecider, { tenant: true });
        const like = await uow.load(postLikeStreamName(postId, actor.memberId), postLikeDecider, {
          tenant: false,
        });
        like.decide({ type: 'LikePost', data: { post: post.state, actor } });
      });
      return { body: { data: { postId, liked: true } } };
    },

    async createPostComment(request) {
      const postCommentId = services.ids();
      const comment = await run(request, async (uow, now) => {
        const actor = await actingMember(uow, request.auth);
        const post = await uow.load(postStreamName(request.params.postId), postDecider, {
          tenant: true,
        });
        const stream = uow.fresh(postCommentStreamName(postCommentId), postCommentDecider);
        stream.decide({
          type: 'CreatePostComment',
          data: {
            postCommentId,
            post: post.state,
            actor,
            contentHtml: sanitizeContentHtml(request.body.contentHtml),
            now,
          },
        });
        return livePostComment(stream.state);
      });
      return { body: { data: postCommentView(comment) } };
    },

    async likePostComment(request) {
      const { commentId } = request.params;
      await run(request, async (uow) => {
        const actor = await actingMember(uow, request.auth);
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
      return { body: { data: { commentId, liked: true } } };
    },
  };
}
