import { targetPolicyFromEnv } from '@brand-api/webhooks';
import type { OperatorPrincipal } from '../admin-auth';
import { mountOperations } from '../../http/mount-operations';
import type { RouteRegistry } from '../../http/mount-operations';
import type { AnyHandler } from '../../http/operation';
import type { AppServices } from '../../services';
import { webhookAdminHandlers } from './handlers';
import type { WebhookAdminOptions } from './handlers';
import { webhookAdminOperations } from './operations';

export { webhookAdminOperations } from './operations';
export type { WebhookAdminOperations } from './operations';

/**
 * Mounts the webhook endpoint calls of the operator API under `adminPrefix`. The SSRF policy
 * comes from `WEBHOOK_ALLOW_PRIVATE_TARGETS` (read at each registration) unless given.
 */
export function mountWebhookAdmin(
  router: RouteRegistry,
  services: AppServices,
  options: { adminPrefix: string; bodyLimitBytes?: number } & Partial<WebhookAdminOptions>,
): void {
  const handlers = webhookAdminHandlers(services, {
    policy: options.policy ?? (() => targetPolicyFromEnv(process.env)),
    ...(options.waitMs === undefined ? {} : { waitMs: options.waitMs }),
  });
  mountOperations<(typeof webhookAdminOperations)[number], OperatorPrincipal>(router, {
    prefix: options.adminPrefix,
    operations: webhookAdminOperations,
    handlers: handlers as Record<string, AnyHandler | undefined>,
    ...(options.bodyLimitBytes === undefined ? {} : { bodyLimitBytes: options.bodyLimitBytes }),
  });
}
