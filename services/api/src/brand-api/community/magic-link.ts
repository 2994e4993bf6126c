import { apiKeyCommandContext } from '../auth/command-context';
import { magicLinkUrl } from '../../community-api/urls';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';

/**
 * POST /magic-link for brands using custom auth: the member is found by customAuthSub or
 * created, and gets a single-use link to the community site.
 */
export function magicLinkHandlers(services: AppServices): ApiHandlers {
  return {
    async createMagicLink(request) {
      const issued = await services.application.community.issueMagicLink(
        apiKeyCommandContext(request),
        request.body,
      );
      return {
        body: {
          magicLink: magicLinkUrl(services.publicUrl, issued.token),
          userId: issued.memberId,
        },
      };
    },
  };
}
