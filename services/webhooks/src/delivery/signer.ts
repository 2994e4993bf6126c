import { Webhook } from 'standardwebhooks';

/** The secrets an endpoint's messages are signed with at a given moment. */
export interface SigningSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

export type SignedHeaders = Record<
  'webhook-id' | 'webhook-timestamp' | 'webhook-signature' | 'content-type',
  string
>;

/**
 * Signs with `standardwebhooks`, caching one `Webhook` per secret (it decodes the key once).
 * During a rotation's overlap the header carries both signatures, space-separated, new first.
 */
export class MessageSigner {
  private readonly webhooks = new Map<string, Webhook>();

  sign(messageId: string, body: string, secrets: SigningSecrets, at: Date): SignedHeaders {
    const signatures = [this.webhookFor(secrets.secret).sign(messageId, at, body)];
    const { previousSecret, previousSecretExpiresAt } = secrets;
    if (previousSecret && previousSecretExpiresAt && at < previousSecretExpiresAt) {
      signatures.push(this.webhookFor(previousSecret).sign(messageId, at, body));
    }
    return {
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatures.join(' '),
      'content-type': 'application/json',
    };
  }

  private webhookFor(secret: string): Webhook {
    let webhook = this.webhooks.get(secret);
    if (!webhook) {
      // Bounded: a process signs for a limited set of endpoints; forget all when it grows.
      if (this.webhooks.size >= 10_000) this.webhooks.clear();
      webhook = new Webhook(secret);
      this.webhooks.set(secret, webhook);
    }
    return webhook;
  }
}
