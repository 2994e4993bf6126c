import { createHash, randomBytes } from 'node:crypto';

/**
 * Magic-link and session tokens: 32 bytes from the CSPRNG (256 bits), base64url. Only their
 * SHA-256 is stored; a token is looked up by its hash, so no comparison leaks timing.
 */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Exactly what `generateToken` makes; anything else is refused before any lookup. */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
