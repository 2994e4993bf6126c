import type { OperatorPrincipal } from '../admin/admin-auth';
import { mountOperations } from '../http/mount-operations';
import type { RouteRegistry } from '../http/mount-operations';
import type { AnyHandler } from '../http/operation';
import type { AppServices } from '../services';
import { memberCommandHandlers } from './member-commands';
import { memberAdminHandlers } from './members-admin';
import {
  memberAdminOperations,
  memberCommunityOperations,
  publicCommunityOperations,
  roomAdminOperations,
} from './operations';
import { roomAdminHandlers } from './rooms-admin';
import type { MemberPrincipal } from './session';
import { requireMemberSession } from './session';
import { signInHandlers } from './sign-in';
import { communityPrefix } from './urls';

export { communityPrefix, magicLinkUrl, postUrl } from './urls';
export { sessionCookieName } from './session';
export type { MemberPrincipal } from './session';

export interface CommunityOptions {
  /** Base URL of the community site and API (PUBLIC_URL): links and cookie security follow it. */
  publicUrl: string;
  /** Where the operator API is mounted, for its rooms and member-role calls. */
  adminPrefix: string;
  bodyLimitBytes?: number;
}

const erase = (handlers: object) => handlers as Record<string, AnyHandler | undefined>;

/**
 * Mounts the member-facing community API under `/community/v1` (sign-in, sign-up, and the
 * commands of signed-in members) and the operator's rooms and member-role calls under the admin
 * prefix.
 */
export function mountCommunity(
  router: RouteRegistry,
  services: AppServices,
  options: CommunityOptions,
): void {
  const common = {
    prefix: communityPrefix,
    ...(options.bodyLimitBytes === undefined ? {} : { bodyLimitBytes: options.bodyLimitBytes }),
  };
  mountOperations<(typeof publicCommunityOperations)[number], unknown>(router, {
    ...common,
    operations: publicCommunityOperations,
    handlers: erase(signInHandlers(services, options.publicUrl)),
  });
  const session = requireMemberSession(services);
  mountOperations<(typeof memberCommunityOperations)[number], MemberPrincipal>(router, {
    ...common,
    operations: memberCommunityOperations,
    handlers: erase(memberCommandHandlers(services, options.publicUrl)),
    authorize: () => session,
  });
  mountOperations<(typeof roomAdminOperations)[number], OperatorPrincipal>(router, {
    prefix: options.adminPrefix,
    operations: roomAdminOperations,
    handlers: erase(roomAdminHandlers(services)),
  });
  mountOperations<(typeof memberAdminOperations)[number], OperatorPrincipal>(router, {
    prefix: options.adminPrefix,
    operations: memberAdminOperations,
    handlers: erase(memberAdminHandlers(services)),
    ...(options.bodyLimitBytes === undefined ? {} : { bodyLimitBytes: options.bodyLimitBytes }),
  });
}
