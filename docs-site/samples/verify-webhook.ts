/**
 * Receiving webhooks: verify the Standard Webhooks signature over the raw body before trusting
 * anything, answer 2xx quickly, and deduplicate by webhook-id (retries reuse it).
 * Run by docs-site's tests against deliveries signed with the standardwebhooks library.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

// #region types
export type WebhookEvent =
  | {
      type: 'user.joined';
      timestamp: string;
      data: { userId: string; email: string } & Record<string, unknown>;
    }
  | {
      type: 'post.created';
      timestamp: string;
      data: { postId: string; userId: string; title: string } & Record<string, unknown>;
    }
  | {
      type: 'post.liked';
      timestamp: string;
      data: { postId: string; userId: string } & Record<string, unknown>;
    }
  | {
      type: 'post_comment.created';
      timestamp: string;
      data: { postId: string; postCommentId: string; plainTextContent: string } & Record<
        string,
        unknown
      >;
    }
  | {
      type: 'post_comment.liked';
      timestamp: string;
      data: { postId: string; postCommentId: string } & Record<string, unknown>;
    };
// #endregion types

// #region verify
async function rawBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A webhook receiver: `secret` is the endpoint's `whsec_…` secret. */
export function createWebhookReceiver(
  secret: string,
  onEvent: (id: string, event: WebhookEvent) => Promise<void>,
): Server {
  const webhook = new Webhook(secret);
  const seen = new Set<string>(); // use your database in production

  return createServer((request, response) => {
    void (async () => {
      const body = await rawBody(request); // the exact bytes that were signed
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      let event: WebhookEvent;
      try {
        // Checks the HMAC and refuses timestamps more than 5 minutes away (replays).
        event = webhook.verify(body, headers) as WebhookEvent;
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        response.writeHead(400).end();
        return;
      }
      const id = headers['webhook-id'];
      if (!seen.has(id)) {
        seen.add(id);
        await onEvent(id, event);
      }
      response.writeHead(204).end(); // any 2xx: delivered
    })().catch(() => {
      response.writeHead(500).end(); // retried later with the same webhook-id
    });
  });
}
// #endregion verify
