import { requestContext } from '@brand-api/event-store';
import { magicLinkUrl } from '../../community-api/urls';
import type { AppServices } from '../../services';
import type { ApiHandlers } from '../feature';

/**
 * POST /magic-link for brands using custom auth: the member is found by customAuthSub or
 * created, and gets a single-use link to the community site.
 */
export function magicLinkHandlers(services: AppServices): ApiHandlers {
  return {
    async createMagicLink({ auth, body, requestId }) {
      const issued = await services.application.community.issueMagicLink(
        requestContext(auth.brandId, { kind: 'apiKey', id: auth.apiKeyId }, requestId),
        body,
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
