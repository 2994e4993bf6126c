/**
 * The raw rate of `bench:webhooks`: signed POSTs from plain loops, with the deliverer's HTTP
 * client and signer, to the same receiver; what the deliverer is measured against.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { WebhookHttpClient } from '../delivery/http-client';
import { MessageSigner } from '../delivery/signer';

/** Signed POSTs from `loops` plain loops; returns POSTs per second. */
export async function rawRate(
  http: WebhookHttpClient,
  url: string,
  secret: string,
  total: number,
  loops: number,
) {
  const signer = new MessageSigner();
  const body = JSON.stringify({
    type: 'user.joined',
    timestamp: new Date().toISOString(),
    data: {},
  });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (next < total) {
        next += 1;
        const headers = signer.sign(
          `msg_${randomUUID()}`,
          body,
          { secret, previousSecret: null, previousSecretExpiresAt: null },
          new Date(),
        );
        const response = await http.post({ url, headers, body, timeoutMs: 15_000 });
        if (response.statusCode !== 200)
          throw new Error(`raw POST answered ${response.statusCode}`);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}
