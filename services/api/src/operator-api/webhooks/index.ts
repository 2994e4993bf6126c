import type { RouteRegistry } from '../../http/mount-operations';
import { mountOperations } from '../../http/mount-operations';
import type { AnyHandler } from '../../http/operation';
import type { AppServices } from '../../services';
import type { OperatorPrincipal } from '../operator-auth';
import { webhookAdminHandlers } from './handlers';
import { webhookAdminOperations } from '@brand-api/contracts';

/** Mounts the webhook endpoint calls of the operator API under `prefix`. */
export function mountWebhookAdmin(
  router: RouteRegistry,
  services: AppServices,
  options: { prefix: string; bodyLimitBytes: number },
): void {
  mountOperations<(typeof webhookAdminOperations)[number], OperatorPrincipal>(router, {
    prefix: options.prefix,
    operations: webhookAdminOperations,
    handlers: webhookAdminHandlers(services) as Record<string, AnyHandler | undefined>,
    bodyLimitBytes: options.bodyLimitBytes,
  });
}
