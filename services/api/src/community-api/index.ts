import type { Middleware } from 'koa';
import { mountOperations } from '../http/mount-operations';
import type { RouteRegistry } from '../http/mount-operations';
import type { AnyHandler } from '../http/operation';
import type { AppServices } from '../services';
import { memberCommandHandlers } from './member-commands';
import { memberCommunityOperations, publicCommunityOperations } from '@brand-api/contracts';
import type { MemberPrincipal, MemberState } from './session';
import { requireSameOrigin } from './same-origin';
import { requireMemberSession } from './session';
import { signInHandlers } from './sign-in';
import { communityPrefix } from './urls';

export { communityPrefix, magicLinkUrl, postUrl } from './urls';
export { sessionCookieName } from './session';
export type { MemberPrincipal } from './session';

const erase = (handlers: object) => handlers as Record<string, AnyHandler | undefined>;

/**
 * Mounts the member-facing community API under `/community/v1`: sign-in, sign-out and
 * sign-up, and the commands of signed-in members (session cookie, same-origin writes).
 */
export function mountCommunityApi(
  router: RouteRegistry,
  services: AppServices,
  options: { bodyLimitBytes: number },
): void {
  const common = { prefix: communityPrefix, bodyLimitBytes: options.bodyLimitBytes };
  const sameOrigin = requireSameOrigin(new URL(services.publicUrl).origin);
  mountOperations<(typeof publicCommunityOperations)[number], unknown>(router, {
    ...common,
    operations: publicCommunityOperations,
    handlers: erase(signInHandlers(services, services)),
    authorize: () => sameOrigin,
  });
  const session = requireMemberSession(services);
  const sameOriginMember: Middleware<MemberState> = async (ctx, next) => {
    await sameOrigin(ctx, async () => {
      await session(ctx, next);
    });
  };
  mountOperations<(typeof memberCommunityOperations)[number], MemberPrincipal>(router, {
    ...common,
    operations: memberCommunityOperations,
    handlers: erase(memberCommandHandlers(services)),
    authorize: () => sameOriginMember,
  });
}
