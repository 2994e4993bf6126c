import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook, verifyWebhook, WebhookVerificationError } from './webhooks';

const body = JSON.stringify({
  type: 'user.joined',
  timestamp: new Date().toISOString(),
  data: { userId: 'u1', email: 'ada@example.com', phoneNumber: null, user: {} },
});

describe('webhook signing and verification', () => {
  it('signs as standardwebhooks verifies, and verifies what standardwebhooks signs', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = signWebhook(secret, { id: 'msg_1', body });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));

    const timestamp = new Date();
    const signed = {
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('msg_2', timestamp, body),
    };
    const event = verifyWebhook(Buffer.from(body), new Headers(signed), secret);
    expect(event.type).toBe('user.joined');
    // Node's IncomingMessage headers: lower-case names, maybe arrays.
    expect(verifyWebhook(body, { ...signed, 'Webhook-Id': undefined }, secret)).toEqual(event);
  });

  it('refuses a changed body, another secret and missing headers', () => {
    const secret = newWebhookSecret();
    const headers = signWebhook(secret, { id: 'msg_1', body });
    expect(() => verifyWebhook(body.replace('ada', 'eve'), headers, secret)).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(body, headers, newWebhookSecret())).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(body, {}, secret)).toThrow(WebhookVerificationError);
  });

  it('refuses a delivery signed more than five minutes ago (replay)', () => {
    const secret = newWebhookSecret();
    const old = signWebhook(secret, {
      id: 'msg_1',
      body,
      timestamp: new Date(Date.now() - 10 * 60_000),
    });
    expect(() => verifyWebhook(body, old, secret)).toThrow(WebhookVerificationError);
  });
});
