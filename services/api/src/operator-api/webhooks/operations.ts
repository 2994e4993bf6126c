/** The webhook endpoint operations live in the contracts, where `brandctl` reads them too. */
export { webhookAdminOperations } from '@brand-api/contracts';
import type { webhookAdminOperations } from '@brand-api/contracts';

export type WebhookAdminOperations = typeof webhookAdminOperations;
