import { hash, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from './random-token';

/**
 * API key secrets: `bk_live_` followed by 40 base62 characters (~238 bits of randomness).
 * Only the SHA-256 of the whole key is stored: a key has enough entropy that a salt or a slow
 * hash would add nothing, and a fast hash keeps authentication a single indexed lookup.
 */
export const apiKeyPrefix = 'bk_live_';
const secretLength = 40;

/** Shape check before any lookup: garbage is refused without touching the database. */
const keyShape = /^bk_(?:live|test)_[0-9A-Za-z]{32,64}$/;

export function generateApiKey(): string {
  return `${apiKeyPrefix}${randomBase62(secretLength)}`;
}

/** Every API request hashes its key (to look it up), so this is the one-shot `crypto.hash`. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function looksLikeApiKey(value: string): boolean {
  return keyShape.test(value);
}

/** Enough of the key to recognise it in a list, not enough to matter: 4 of 40 characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, apiKeyPrefix.length + 4);
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
