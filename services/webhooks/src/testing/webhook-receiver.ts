import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request as the receiver got it. */
export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  contentType: string | undefined;
  body: string;
  /** `Date.now()` when the body had arrived. */
  receivedAt: number;
}

export interface ReceiverReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer after this long (a slow endpoint). */
  delayMs?: number;
}

export type ReplyPlan = (request: ReceivedWebhook, countForPath: number) => ReceiverReply;

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port><path>` */
  url(path?: string): string;
  readonly received: ReceivedWebhook[];
  /** How each path answers; 200 by default. `countForPath` starts at 1. */
  plan(path: string, plan: ReplyPlan): void;
  receivedOn(path: string): ReceivedWebhook[];
  /** Resolves once `count` requests arrived on `path` (all paths when omitted). */
  waitFor(
    count: number,
    options?: { path?: string; timeoutMs?: number },
  ): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1, standing in for a brand's endpoint: it records every
 * request and answers as each path's plan says.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const plans = new Map<string, ReplyPlan>();
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value.join(', ') : (value ?? '');
      };
      const webhook: ReceivedWebhook = {
        path,
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(webhook);
      const count = (counts.get(path) ?? 0) + 1;
      counts.set(path, count);
      for (const wake of [...waiters]) wake();
      const reply = plans.get(path)?.(webhook, count) ?? { status: 200, body: 'ok' };
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  };

  const server = createServer(handle);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const receivedOn = (path?: string) =>
    path === undefined ? [...received] : received.filter((r) => r.path === path);

  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    received,
    plan: (path, plan) => plans.set(path, plan),
    receivedOn: (path) => receivedOn(path),
    waitFor(count, { path, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const got = receivedOn(path);
          if (got.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(got);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `${receivedOn(path).length} of ${count} webhooks arrived within ${timeoutMs} ms`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a brand's code does: `standardwebhooks` verification with the endpoint secret (it also
 * rejects timestamps more than 5 minutes from now). Returns the parsed envelope.
 */
export function verifyWebhook(secret: string, webhook: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(webhook.body, {
    'webhook-id': webhook.id,
    'webhook-timestamp': webhook.timestamp,
    'webhook-signature': webhook.signature,
  });
}

/**
 * Signature check alone, for tests whose injected clock is hours away from the real one
 * (`verifyWebhook` would refuse the timestamp as too old or too new): true when one of the
 * header's signatures is what `standardwebhooks` computes with `secret`.
 */
export function hasValidSignature(secret: string, webhook: ReceivedWebhook): boolean {
  const expected = new Webhook(secret).sign(
    webhook.id,
    new Date(Number(webhook.timestamp) * 1000),
    webhook.body,
  );
  return webhook.signature.split(' ').includes(expected);
}
