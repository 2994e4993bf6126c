import { webhookEventTypes } from '@brand-api/contracts';
import type { WebhookEventType } from '@brand-api/contracts';
import type {
  WebhookEndpointDisabled,
  WebhookEndpointEnabled,
  WebhookEndpointEvent,
  WebhookEndpointRegistered,
  WebhookEndpointSecretRotated,
  WebhookEndpointState,
  WebhookEndpointUpdated,
} from './webhook-endpoint';
import { alreadyTaken, DomainError, notFound, unreachable, assertNew } from '../errors';
import type { DomainProblem } from '../errors';

export interface RegisterWebhookEndpoint {
  type: 'RegisterWebhookEndpoint';
  data: {
    webhookEndpointId: string;
    brandId: string;
    url: string;
    /** Absent or null: every event type. */
    eventTypes?: readonly string[] | null;
    /** `whsec_` + base64 of at least 24 random bytes, generated at the edge. */
    secret: string;
  };
}

export interface UpdateWebhookEndpoint {
  type: 'UpdateWebhookEndpoint';
  data: {
    webhookEndpointId: string;
    brandId: string;
    url?: string;
    eventTypes?: readonly string[] | null;
    enabled?: boolean;
  };
}

export interface RotateWebhookEndpointSecret {
  type: 'RotateWebhookEndpointSecret';
  data: { webhookEndpointId: string; brandId: string; secret: string };
  /** When the command runs: the previous secret stays valid for `previousSecretValidityMs` after it. */
  metadata: { now: string };
}

/** The deliverer's reaction to 410 Gone, or an operator's. */
export interface DisableWebhookEndpoint {
  type: 'DisableWebhookEndpoint';
  data: {
    webhookEndpointId: string;
    brandId: string;
    reason: 'gone' | 'operator';
    detail: string | null;
  };
}

export type WebhookEndpointCommand =
  | RegisterWebhookEndpoint
  | UpdateWebhookEndpoint
  | RotateWebhookEndpointSecret
  | DisableWebhookEndpoint;

/** After a rotation, messages carry signatures with both secrets for this long (24 h). */
export const previousSecretValidityMs = 24 * 60 * 60 * 1000;

/** Standard Webhooks: `whsec_` and base64 of 24 to 64 random bytes. */
const secretPattern = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;
const maxUrlLength = 2048;
const maxDetailLength = 500;

export function decideWebhookEndpoint(
  command: WebhookEndpointCommand,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] {
  switch (command.type) {
    case 'RegisterWebhookEndpoint':
      return [register(command, state)];
    case 'UpdateWebhookEndpoint':
      return update(command, state);
    case 'RotateWebhookEndpointSecret':
      return [rotate(command, state)];
    case 'DisableWebhookEndpoint':
      return disable(command, state);
    default:
      return unreachable(command);
  }
}

function register(
  command: RegisterWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointRegistered {
  assertNew(state, 'A webhook endpoint with this id already exists');
  const { data } = command;
  const problems: DomainProblem[] = [];
  const url = checkUrl(data.url, problems);
  const eventTypes = checkEventTypes(data.eventTypes ?? null, problems);
  if (problems.length > 0) throw new DomainError('invalid', { problems });
  return {
    type: 'WebhookEndpointRegistered',
    schemaVersion: 1,
    data: {
      webhookEndpointId: data.webhookEndpointId,
      brandId: data.brandId,
      url,
      eventTypes,
      secret: checkSecret(data.secret),
    },
  };
}

/** Records only what changes: an update that changes nothing appends nothing. */
function update(
  command: UpdateWebhookEndpoint,
  state: WebhookEndpointState,
): (WebhookEndpointUpdated | WebhookEndpointDisabled | WebhookEndpointEnabled)[] {
  const endpoint = ownEndpoint(state, command.data.brandId);
  const { data } = command;
  const problems: DomainProblem[] = [];
  const changes: WebhookEndpointUpdated['data']['changes'] = {};
  if (data.url !== undefined) {
    const url = checkUrl(data.url, problems);
    if (url !== endpoint.url) changes.url = url;
  }
  if (data.eventTypes !== undefined) {
    const eventTypes = checkEventTypes(data.eventTypes, problems);
    if (!sameEventTypes(eventTypes, endpoint.eventTypes)) changes.eventTypes = eventTypes;
  }
  if (problems.length > 0) throw new DomainError('invalid', { problems });
  const events: (WebhookEndpointUpdated | WebhookEndpointDisabled | WebhookEndpointEnabled)[] = [];
  if (Object.keys(changes).length > 0) {
    events.push({
      type: 'WebhookEndpointUpdated',
      schemaVersion: 1,
      data: { webhookEndpointId: endpoint.id, changes },
    });
  }
  if (data.enabled === true && !endpoint.enabled) {
    events.push({
      type: 'WebhookEndpointEnabled',
      schemaVersion: 1,
      data: { webhookEndpointId: endpoint.id },
    });
  }
  if (data.enabled === false && endpoint.enabled) {
    events.push({
      type: 'WebhookEndpointDisabled',
      schemaVersion: 1,
      data: { webhookEndpointId: endpoint.id, reason: 'operator', detail: null },
    });
  }
  return events;
}

function rotate(
  command: RotateWebhookEndpointSecret,
  state: WebhookEndpointState,
): WebhookEndpointSecretRotated {
  const endpoint = ownEndpoint(state, command.data.brandId);
  const secret = checkSecret(command.data.secret);
  if (secret === endpoint.secret || secret === endpoint.previousSecret) {
    throw alreadyTaken('The new secret must differ from the current ones');
  }
  const now = Date.parse(command.metadata.now);
  if (Number.isNaN(now)) throw new RangeError(`Invalid command time '${command.metadata.now}'`);
  return {
    type: 'WebhookEndpointSecretRotated',
    schemaVersion: 1,
    data: {
      webhookEndpointId: endpoint.id,
      secret,
      previousSecretExpiresAt: new Date(now + previousSecretValidityMs).toISOString(),
    },
  };
}

/** Disabling a disabled endpoint records nothing: several 410s in flight disable it once. */
function disable(
  command: DisableWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointDisabled[] {
  const endpoint = ownEndpoint(state, command.data.brandId);
  if (!endpoint.enabled) return [];
  const detail = command.data.detail?.slice(0, maxDetailLength) ?? null;
  return [
    {
      type: 'WebhookEndpointDisabled',
      schemaVersion: 1,
      data: { webhookEndpointId: endpoint.id, reason: command.data.reason, detail },
    },
  ];
}

/** Another brand's endpoint is reported as not found, never as forbidden. */
function ownEndpoint(state: WebhookEndpointState, brandId: string) {
  if (state.status === 'absent' || state.brandId !== brandId) throw notFound();
  return state;
}

function checkUrl(raw: string, problems: DomainProblem[]): string {
  const fail = (message: string) => {
    problems.push({ path: ['url'], message });
    return raw;
  };
  if (raw.length > maxUrlLength) return fail(`must be at most ${maxUrlLength} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('must be an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('must be http or https');
  // Credentials in the URL would be sent to the receiver and shown in every listing.
  if (url.username !== '' || url.password !== '') return fail('must not contain credentials');
  if (url.hash !== '') return fail('must not contain a fragment');
  return url.toString();
}

/** null stays null (every type); a list is deduplicated and put in catalogue order. */
function checkEventTypes(
  raw: readonly string[] | null,
  problems: DomainProblem[],
): WebhookEventType[] | null {
  if (raw === null) return null;
  if (raw.length === 0) {
    problems.push({
      path: ['eventTypes'],
      message: 'must name at least one event type, or be null for every type',
    });
    return null;
  }
  raw.forEach((type, index) => {
    if (!(webhookEventTypes as readonly string[]).includes(type)) {
      problems.push({ path: ['eventTypes', index], message: `unknown event type '${type}'` });
    }
  });
  return webhookEventTypes.filter((type) => raw.includes(type));
}

function sameEventTypes(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((type, index) => type === b[index]);
}

function checkSecret(secret: string): string {
  // The edge generates it; a malformed one is a programming error, not a client mistake.
  if (!secretPattern.test(secret)) throw new RangeError('Webhook secrets are whsec_ + base64');
  return secret;
}
