import { bearerToken } from '../../http/bearer-token';
import {
  displayPrefix,
  generateApiKey,
  hashApiKey,
  looksLikeApiKey,
  sameDigest,
} from './api-key-secret';
import { randomBase62 } from './random-token';

describe('API key secrets', () => {
  it('generates bk_live_ keys of 40 base62 characters, never twice the same', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const key of keys) expect(key).toMatch(/^bk_live_[0-9A-Za-z]{40}$/);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every(looksLikeApiKey)).toBe(true);
  });

  it('draws base62 characters uniformly (every symbol appears, none dominates)', () => {
    const sample = randomBase62(62_000);
    const counts = new Map<string, number>();
    for (const char of sample) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 1,000 each; a modulo bias on bytes 248..255 would push the first 8 to ~1,032.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it('hashes with SHA-256 (hex) and compares digests in constant time', () => {
    // A fixed vector (sha256sum of the same text): stored hashes must keep matching.
    expect(hashApiKey('bk_live_0123456789abcdefghijABCDEFGHIJ0123456789')).toBe(
      '6a96d9701dce15b6ad6666b5d352801c5f7df6731b76887c14eb2d26b3a56c67',
    );
    const key = generateApiKey();
    const digest = hashApiKey(key);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(digest);
    expect(sameDigest(digest, hashApiKey(key))).toBe(true);
    expect(sameDigest(digest, hashApiKey(`${key}x`))).toBe(false);
    expect(sameDigest(digest, digest.slice(0, 62))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });

  it('shows only the prefix and four characters of a key', () => {
    expect(displayPrefix('bk_live_AbCdEfGh')).toBe('bk_live_AbCd');
  });

  it.each([
    ['Bearer bk_live_abc', 'bk_live_abc'],
    ['bearer   bk_live_abc  ', 'bk_live_abc'],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    ['Basic abc', undefined],
    ['', undefined],
  ])('reads the bearer token of %j', (header, expected) => {
    expect(bearerToken(header)).toBe(expected);
  });

  it.each([
    'bk_live_short',
    'sk_live_0123456789012345678901234567890123456789',
    'bk_live_' + '!'.repeat(40),
  ])('refuses %s before any lookup', (candidate) => {
    expect(looksLikeApiKey(candidate)).toBe(false);
  });
});
