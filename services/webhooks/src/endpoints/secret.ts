import { randomBytes } from 'node:crypto';

/** Random bytes in a signing secret: Standard Webhooks asks for 24 to 64. */
export const webhookSecretBytes = 32;

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(webhookSecretBytes).toString('base64')}`;
}
