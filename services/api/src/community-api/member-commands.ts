import { postCommentView, postView } from '@brand-api/domain';
import { requestContext } from '@brand-api/event-store';
import type { HandlersFor, OperationRequest } from '../http/operation';
import type { AppServices } from '../services';
import type { memberCommunityOperations } from '@brand-api/contracts';
import type { MemberPrincipal } from './session';
import { postUrl } from './urls';

type Operations = typeof memberCommunityOperations;
type AnyRequest = OperationRequest<Operations[number], MemberPrincipal>;

/** The signed-in member acts: the context names them, the use cases check they may. */
const context = ({ auth, requestId }: AnyRequest) =>
  requestContext(auth.brandId, { kind: 'member', id: auth.memberId }, requestId);

/**
 * What a signed-in member does in the community: post, pin (moderators and admins), like and
 * comment, through the community use cases.
 */
export function memberCommandHandlers(
  services: AppServices,
): HandlersFor<Operations, MemberPrincipal> {
  const { community } = services.application;
  const view = (post: Parameters<typeof postView>[0]) => postView(post, postUrl(services, post.id));
  return {
    async createPost(request) {
      const post = await community.createPost(
        context(request),
        request.params.roomId,
        request.body,
      );
      return { body: { data: view(post) } };
    },

    async pinPost(request) {
      return {
        body: { data: view(await community.pinPost(context(request), request.params.postId)) },
      };
    },

    async unpinPost(request) {
      const post = await community.unpinPost(context(request), request.params.postId);
      return { body: { data: view(post) } };
    },

    async likePost(request) {
      const { postId } = request.params;
      await community.likePost(context(request), postId);
      return { body: { data: { postId, liked: true } } };
    },

    async createPostComment(request) {
      const comment = await community.createPostComment(
        context(request),
        request.params.postId,
        request.body.contentHtml,
      );
      return { body: { data: postCommentView(comment) } };
    },

    async likePostComment(request) {
      const { commentId } = request.params;
      await community.likePostComment(context(request), commentId);
      return { body: { data: { commentId, liked: true } } };
    },
  };
}
