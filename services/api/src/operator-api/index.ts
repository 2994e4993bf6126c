import { OPERATOR_BASE_PATH } from '@brand-api/contracts';
import { mountOperations } from '../http/mount-operations';
import type { RouteRegistry } from '../http/mount-operations';
import type { AnyHandler } from '../http/operation';
import type { AppServices } from '../services';
import { adminHandlers } from './brands/handlers';
import { adminOperations } from '@brand-api/contracts';
import { communityAdminHandlers } from './members/handlers';
import { memberAdminOperations, roomAdminOperations } from '@brand-api/contracts';
import type { OperatorPrincipal } from './operator-auth';
import { mountOperatorTools } from './tools';
import { mountWebhookAdmin } from './webhooks';

export const adminPrefix = OPERATOR_BASE_PATH;

const erase = (handlers: object) => handlers as Record<string, AnyHandler | undefined>;

/**
 * Mounts the operator API (`/admin/v1`, bearer ADMIN_TOKEN checked before routing): brands and
 * API keys, rooms and members' roles, webhook endpoints, and the tools over the event log
 * (audit history, time travel, projections and parked events, export).
 */
export function mountOperatorApi(
  router: RouteRegistry,
  services: AppServices,
  options: { bodyLimitBytes: number; rebuildBatchSize?: number },
): void {
  const common = { prefix: adminPrefix, bodyLimitBytes: options.bodyLimitBytes };
  mountOperations<(typeof adminOperations)[number], OperatorPrincipal>(router, {
    ...common,
    operations: adminOperations,
    handlers: erase(adminHandlers(services)),
  });
  const community = [...roomAdminOperations, ...memberAdminOperations] as const;
  mountOperations<(typeof community)[number], OperatorPrincipal>(router, {
    ...common,
    operations: community,
    handlers: erase(communityAdminHandlers(services)),
  });
  mountWebhookAdmin(router, services, common);
  mountOperatorTools(router, services, {
    ...common,
    ...(options.rebuildBatchSize === undefined
      ? {}
      : { rebuildBatchSize: options.rebuildBatchSize }),
  });
}
