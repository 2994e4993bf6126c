/**
 * The bulk calls' rate limit (10 per minute per brand by default) and the headers that announce it, in the structured-field
 * form of the IETF RateLimit header fields draft. The server sends exactly these, and the
 * OpenAPI document shows examples made by the same functions.
 */
export interface RateLimitPolicy {
  /** Calls allowed per window, per brand and bulk operation. */
  requests: number;
  windowSeconds: number;
}

/** 10 bulk calls per minute per brand, for each bulk operation. */
export const bulkRateLimit: RateLimitPolicy = { requests: 10, windowSeconds: 60 };

/** `RateLimit-Policy: "bulk";q=10;w=60`: 10 requests (q) per 60-second window (w). */
export function rateLimitPolicyHeader(policy: RateLimitPolicy): string {
  return `"bulk";q=${policy.requests};w=${policy.windowSeconds}`;
}

/** `RateLimit: "bulk";r=0;t=51`: 0 requests remain (r); the window resets in 51 s (t). */
export function rateLimitHeader(remaining: number, resetSeconds: number): string {
  return `"bulk";r=${remaining};t=${resetSeconds}`;
}
