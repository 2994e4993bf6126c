import { webhookEndpointDecider } from './index';
import type { WebhookEndpointCommand, WebhookEndpointEvent } from './index';
import { DeciderSpecification, invalidAt, stateAfter } from '../testing/decider-specification';

const brandId = '6f1b2a3c-0000-4000-8000-000000000001';
const otherBrandId = '6f1b2a3c-0000-4000-8000-000000000002';
const webhookEndpointId = '9d3e0000-0000-4000-8000-0000000000ee';
const secret = `whsec_${'A'.repeat(43)}=`;
const newSecret = `whsec_${'B'.repeat(43)}=`;
const url = 'https://hooks.example.com/brand-api';

const given = DeciderSpecification.for(webhookEndpointDecider);

const register = (
  data: Partial<Extract<WebhookEndpointCommand, { type: 'RegisterWebhookEndpoint' }>['data']> = {},
): WebhookEndpointCommand => ({
  type: 'RegisterWebhookEndpoint',
  data: { webhookEndpointId, brandId, url, secret, ...data },
});

const update = (
  data: Omit<
    Extract<WebhookEndpointCommand, { type: 'UpdateWebhookEndpoint' }>['data'],
    'webhookEndpointId' | 'brandId'
  >,
  forBrand = brandId,
): WebhookEndpointCommand => ({
  type: 'UpdateWebhookEndpoint',
  data: { webhookEndpointId, brandId: forBrand, ...data },
});

const registered: WebhookEndpointEvent = {
  type: 'WebhookEndpointRegistered',
  schemaVersion: 1,
  data: { webhookEndpointId, brandId, url, eventTypes: null, secret },
};
const goneDisabled: WebhookEndpointEvent = {
  type: 'WebhookEndpointDisabled',
  schemaVersion: 1,
  data: { webhookEndpointId, reason: 'gone', detail: 'HTTP 410' },
};

describe('WebhookEndpoint decider', () => {
  it('registers an enabled endpoint for every event type when none are named', () => {
    given([]).when(register()).then([registered]);
  });

  it('keeps the named event types deduplicated and in catalogue order', () => {
    given([])
      .when(register({ eventTypes: ['post.liked', 'user.joined', 'post.liked'] }))
      .thenMatches([{ data: { eventTypes: ['user.joined', 'post.liked'] } }]);
  });

  it('names every unknown event type and a bad URL in one answer', () => {
    given([])
      .when(register({ url: 'ftp://x.example', eventTypes: ['user.left'] }))
      .thenThrows({
        rule: 'invalid',
        problems: [
          { path: ['url'], message: 'must be http or https' },
          { path: ['eventTypes', 0], message: "unknown event type 'user.left'" },
        ],
      });
  });

  it('refuses an empty event type list and URLs with credentials', () => {
    given([])
      .when(register({ url: 'https://u:p@x.example/', eventTypes: [] }))
      .thenThrows(invalidAt(['url'], ['eventTypes']));
  });

  it('refuses a second registration with the same id', () => {
    given([registered]).when(register()).thenThrows({ rule: 'already-taken' });
  });

  it('records only the fields that change, and nothing for a no-op', () => {
    given([registered])
      .when(update({ url, eventTypes: ['post.created'] }))
      .then([
        {
          type: 'WebhookEndpointUpdated',
          schemaVersion: 1,
          data: { webhookEndpointId, changes: { eventTypes: ['post.created'] } },
        },
      ]);
    given([registered])
      .when(update({ url, eventTypes: null, enabled: true }))
      .thenNothingHappened();
  });

  it('disables and re-enables through an update', () => {
    given([registered])
      .when(update({ enabled: false }))
      .then([
        {
          type: 'WebhookEndpointDisabled',
          schemaVersion: 1,
          data: { webhookEndpointId, reason: 'operator', detail: null },
        },
      ]);
    given([registered, goneDisabled])
      .when(update({ enabled: true }))
      .then([{ type: 'WebhookEndpointEnabled', schemaVersion: 1, data: { webhookEndpointId } }]);
  });

  it('disables once, however many 410s arrive', () => {
    const disable: WebhookEndpointCommand = {
      type: 'DisableWebhookEndpoint',
      data: { webhookEndpointId, brandId, reason: 'gone', detail: 'HTTP 410' },
    };
    given([registered]).when(disable).then([goneDisabled]);
    given([registered, goneDisabled]).when(disable).thenNothingHappened();
  });

  it('rotates the secret, keeping the previous one for 24 hours from the command time', () => {
    const rotate: WebhookEndpointCommand = {
      type: 'RotateWebhookEndpointSecret',
      data: { webhookEndpointId, brandId, secret: newSecret },
      metadata: { now: '2025-03-02T10:00:00.000Z' },
    };
    const rotated: WebhookEndpointEvent = {
      type: 'WebhookEndpointSecretRotated',
      schemaVersion: 1,
      data: {
        webhookEndpointId,
        secret: newSecret,
        previousSecretExpiresAt: '2025-03-03T10:00:00.000Z',
      },
    };
    given([registered]).when(rotate).then([rotated]);
    expect(stateAfter(webhookEndpointDecider, [registered, rotated])).toMatchObject({
      secret: newSecret,
      previousSecret: secret,
      previousSecretExpiresAt: '2025-03-03T10:00:00.000Z',
    });
    given([registered])
      .when({ ...rotate, data: { ...rotate.data, secret } })
      .thenThrows({ rule: 'already-taken' });
  });

  it("reports another brand's endpoint, or a missing one, as not found", () => {
    given([registered])
      .when(update({ enabled: false }, otherBrandId))
      .thenThrows({
        rule: 'not-found',
      });
    given([])
      .when(update({ enabled: false }))
      .thenThrows({
        rule: 'not-found',
      });
  });
});
