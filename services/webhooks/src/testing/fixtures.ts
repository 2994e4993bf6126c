import { randomUUID } from 'node:crypto';
import type { DomainEventOf, UserReference } from '@brand-api/contracts';
import { webhookEndpointDecider, webhookEndpointStreamName } from '@brand-api/domain';
import type { WebhookEndpointCommand } from '@brand-api/domain';
import { CommandEngine } from '@brand-api/event-store';
import type { EventStore, LogPosition, NewEvent } from '@brand-api/event-store';
import { generateWebhookSecret } from '../endpoints/secret';
import type { WebhookSourceEventType } from '@brand-api/domain';

/**
 * Domain events as the community features append them, for tests that drive the webhook
 * projector directly through the event store.
 */
export function sourceEvent<T extends WebhookSourceEventType>(
  type: T,
  data: DomainEventOf<T>['data'],
  brandId: string,
  occurredAt = new Date(),
): NewEvent & { id: string } {
  return {
    id: randomUUID(),
    type,
    data,
    schemaVersion: 1,
    metadata: {
      brandId,
      actor: { kind: 'member', id: 'memberId' in data ? data.memberId : 'unknown' },
      requestId: null,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: occurredAt.toISOString(),
    },
  };
}

export function aMember(overrides: Partial<UserReference> = {}): UserReference {
  const id = randomUUID();
  return {
    id,
    customAuthSub: `sso|${id.slice(0, 8)}`,
    email: `m-${id.slice(0, 8)}@example.com`,
    ...overrides,
  };
}

export function memberJoined(brandId: string, member = aMember(), occurredAt = new Date()) {
  return sourceEvent(
    'MemberJoined',
    {
      memberId: member.id,
      username: `user_${member.id.slice(0, 8)}`,
      customAuthSub: member.customAuthSub,
      email: member.email,
      phoneNumber: '+447700900123',
      firstName: 'Ada',
      lastName: null,
      profilePictureUrl: null,
      isEmailVerified: true,
      role: 'CUSTOMER',
      joinedVia: 'signUp',
      joinedAt: occurredAt.toISOString(),
    },
    brandId,
    occurredAt,
  );
}

export function postCreated(brandId: string, member: UserReference, title = 'Trail report') {
  const now = new Date().toISOString();
  return sourceEvent(
    'PostCreated',
    {
      postId: randomUUID(),
      roomId: randomUUID(),
      memberId: member.id,
      member,
      type: 'TEXT',
      title,
      contentHtml: '<p>Ran it in the rain.</p>',
      isPublished: true,
      createdAt: now,
      publishedAt: now,
    },
    brandId,
  );
}

const operatorMetadata = (brandId: string) => ({
  brandId,
  actor: { kind: 'operator' as const, id: 'test' },
  requestId: null,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

/** Runs an endpoint command the way the operator API does. */
export async function runEndpointCommand(
  store: EventStore,
  brandId: string,
  command: WebhookEndpointCommand,
): Promise<LogPosition | undefined> {
  const { occurredAt, ...context } = operatorMetadata(brandId);
  const engine = new CommandEngine({
    eventStore: store,
    clock: () => new Date(occurredAt),
    logger: { warn: () => undefined, error: () => undefined },
  });
  const { positions } = await engine.run(
    context,
    async (uow) => {
      const endpoint = await uow.load(
        webhookEndpointStreamName(command.data.webhookEndpointId),
        webhookEndpointDecider,
        { tenant: true },
      );
      endpoint.decide(command);
    },
    { readAfterWrite: false },
  );
  return positions.at(-1);
}

export async function registerEndpoint(
  store: EventStore,
  options: { brandId: string; url: string; eventTypes?: string[] | null },
): Promise<{ id: string; secret: string; position: LogPosition }> {
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const position = await runEndpointCommand(store, options.brandId, {
    type: 'RegisterWebhookEndpoint',
    data: {
      webhookEndpointId: id,
      brandId: options.brandId,
      url: options.url,
      eventTypes: options.eventTypes ?? null,
      secret,
    },
  });
  return { id, secret, position: position! };
}
