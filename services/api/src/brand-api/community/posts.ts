import { listPosts } from '@brand-api/read-models';
import { postUrl } from '../../community-api/urls';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';
import { listing } from './listing';

/** GET /posts: the brand's posts in creation order, each with its page on the community site. */
export function postHandlers(services: AppServices): ApiHandlers {
  return {
    async listPosts(request) {
      const { limit, after, roomId, createdAtAfter } = request.query;
      const page = await listing(() =>
        listPosts(services.db, request.auth.brandId, { limit, after, roomId, createdAtAfter }),
      );
      return {
        body: {
          ...page,
          data: page.data.map((post) => ({ ...post, url: postUrl(services, post.id) })),
        },
      };
    },
  };
}
