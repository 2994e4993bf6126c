import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base62 characters from the CSPRNG, without modulo bias. */
export function randomBase62(
  length: number,
  random: (size: number) => Buffer = randomBytes,
): string {
  let out = '';
  while (out.length < length) {
    for (const byte of random(64)) {
      // 248 = 4 × 62: bytes below it map uniformly onto the alphabet; the rest are dropped.
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}
