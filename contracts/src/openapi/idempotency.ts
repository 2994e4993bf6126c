/**
 * What idempotency keys add to the OpenAPI document: the optional `Idempotency-Key` header
 * parameter of every write, and the `Idempotent-Replayed` header of a replayed answer.
 */
import {
  idempotencyKeyHeader,
  idempotencyKeyRule,
  idempotencyKeyTtlHours,
  idempotentReplayedHeader,
} from '../idempotency';
import type { RouteDefinition } from '../routes';
import type { JsonSchema } from './json-schema';

export const idempotencyParameterComponents: Record<string, JsonSchema> = {
  IdempotencyKey: {
    name: idempotencyKeyHeader,
    in: 'header',
    required: false,
    description: `Makes the write safe to retry: a unique value of your choosing (a UUID is a good one), 1–${idempotencyKeyRule.maxLength} printable ASCII characters, kept ${idempotencyKeyTtlHours} hours per API key. A retry with the same key and the same request (method, path, \`If-Match\` and body) gets the first answer again, with \`${idempotentReplayedHeader}: true\`, and writes nothing. The same key with a different request answers 422 \`IDEMPOTENCY_KEY_REUSED\`; while the first request is still running, 409 \`IDEMPOTENCY_KEY_IN_USE\`. As with Stripe, the answer of a request that began executing is kept and replayed, errors included (a 409 \`CONFLICT\` for a taken store id is replayed even after the store id was freed: a new attempt takes a new key). A request refused before it began executing is not kept, so the corrected request with the same key runs: 400 (validation), 401 and 403 (authentication, scopes), 409 \`IDEMPOTENCY_KEY_IN_USE\`. 5xx, 429 and a lost race are not kept either, so a retry runs again, unless the first request had already written its change (then 409 \`IDEMPOTENCY_ANSWER_LOST\`). An invalid value answers 400 \`VALIDATION_FAILED\`.`,
    schema: { type: 'string', ...idempotencyKeyRule },
    example: '5c2a4b8e-9d1f-4e3a-8b7c-6d5e4f3a2b1c',
  },
};

export const idempotencyHeaderComponents: Record<string, JsonSchema> = {
  IdempotentReplayed: {
    description: `\`true\` when this is the stored answer of an earlier request with the same \`${idempotencyKeyHeader}\`: nothing was written by this one. Absent otherwise.`,
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Writes take an idempotency key. */
export const takesIdempotencyKey = (route: RouteDefinition): boolean => route.method !== 'get';

/** The `Idempotency-Key` parameter of a write, if the route is one. */
export function idempotencyParameters(route: RouteDefinition): JsonSchema[] {
  return takesIdempotencyKey(route) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [];
}

/** `Idempotent-Replayed` on the answers a write replays (its success and its 4xx answers). */
export function replayedHeader(route: RouteDefinition, status: number): JsonSchema {
  return takesIdempotencyKey(route) && status < 500
    ? { [idempotentReplayedHeader]: { $ref: '#/components/headers/IdempotentReplayed' } }
    : {};
}
