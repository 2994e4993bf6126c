/**
 * Idempotency keys (Stripe's semantics) on every write of the Brand API: the header, its range,
 * how long a key is kept, and the header a replayed answer carries. The API checks exactly
 * these and the OpenAPI document is built from them.
 */

export const idempotencyKeyHeader = 'Idempotency-Key';
export const idempotentReplayedHeader = 'Idempotent-Replayed';

/** 1–255 printable ASCII characters (space to `~`). */
export const idempotencyKeyRule = {
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x20-\\x7E]+$',
} as const;

/** A key answers retries for 24 hours after its first request; then it may be used again. */
export const idempotencyKeyTtlHours = 24;

/** Why a header value is not a valid key; undefined when it is one. */
export function idempotencyKeyProblem(value: string): string | undefined {
  if (value.length < idempotencyKeyRule.minLength) return 'must not be empty';
  if (value.length > idempotencyKeyRule.maxLength) {
    return `must be at most ${idempotencyKeyRule.maxLength} characters`;
  }
  if (!new RegExp(idempotencyKeyRule.pattern).test(value)) {
    return 'must be printable ASCII characters only';
  }
  return undefined;
}
