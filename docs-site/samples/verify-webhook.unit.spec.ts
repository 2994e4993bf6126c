/**
 * Runs the webhooks guide's receiver sample against deliveries signed with the standardwebhooks
 * library, over real HTTP on loopback, as the platform sends them.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { webhookExamples } from '@brand-api/contracts';
import { Webhook } from 'standardwebhooks';
import { createWebhookReceiver, type WebhookEvent } from './verify-webhook';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const received: Array<{ id: string; event: WebhookEvent }> = [];
const receiver = createWebhookReceiver(secret, (id, event) => {
  received.push({ id, event });
  return Promise.resolve();
});
let url: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

function deliver(body: string, headers: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

function signed(id: string, body: string, at = new Date(), key = secret) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign(id, at, body),
  };
}

describe('the webhook receiver sample', () => {
  it.each(Object.values(webhookExamples))('accepts a signed $type delivery', async (example) => {
    const body = JSON.stringify(example);
    const id = `msg_${example.type}`;
    const response = await deliver(body, signed(id, body));
    expect(response.status).toBe(204);
    expect(received).toEqual([{ id, event: example }]);
  });

  it('handles a retry with the same webhook-id only once', async () => {
    const body = JSON.stringify(webhookExamples['post.created']);
    expect((await deliver(body, signed('msg_retry', body))).status).toBe(204);
    expect((await deliver(body, signed('msg_retry', body))).status).toBe(204);
    expect(received).toHaveLength(1);
  });

  it('refuses a tampered body, a wrong secret, an old timestamp and a missing signature', async () => {
    const body = JSON.stringify(webhookExamples['user.joined']);
    const tampered = body.replace('ada@example.com', 'eve@example.com');
    expect((await deliver(tampered, signed('msg_2', body))).status).toBe(400);
    const otherSecret = `whsec_${randomBytes(24).toString('base64')}`;
    expect((await deliver(body, signed('msg_3', body, new Date(), otherSecret))).status).toBe(400);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    expect((await deliver(body, signed('msg_4', body, anHourAgo))).status).toBe(400);
    expect((await deliver(body, {})).status).toBe(400);
    expect(received).toEqual([]);
  });

  it('accepts a delivery signed during a secret rotation (two signatures)', async () => {
    const body = JSON.stringify(webhookExamples['post.liked']);
    const headers = signed('msg_5', body);
    const oldSecret = `whsec_${randomBytes(24).toString('base64')}`;
    const old = signed('msg_5', body, new Date(), oldSecret)['webhook-signature'];
    headers['webhook-signature'] = `${old} ${headers['webhook-signature']}`;
    expect((await deliver(body, headers)).status).toBe(204);
  });
});
