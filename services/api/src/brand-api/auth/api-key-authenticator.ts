import type { Queryable } from '@brand-api/event-store';
import { findApiKeyCredential } from '@brand-api/read-models';
import { hashApiKey, looksLikeApiKey, sameDigest } from '../../application/brands/api-key-secret';

/** Who is calling: a key of one brand, with its scopes. */
export interface ApiKeyPrincipal {
  apiKeyId: string;
  brandId: string;
  brandName: string;
  customAuthEnabled: boolean;
  scopes: ReadonlySet<string>;
}

export interface ApiKeyAuthenticator {
  /** The principal for a presented key; undefined for an unknown or revoked key. */
  authenticate(key: string): Promise<ApiKeyPrincipal | undefined>;
  /**
   * Forgets cached keys. Called after a revocation or a brand change in this process, so the
   * very next request sees it; other processes see it within the cache TTL.
   */
  invalidate(): void;
}

export interface ApiKeyAuthenticatorOptions {
  db: Queryable;
  /** How long a verified key is trusted without a lookup. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createApiKeyAuthenticator(
  options: ApiKeyAuthenticatorOptions,
): ApiKeyAuthenticator {
  const ttlMs = options.ttlMs ?? 2_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Only valid keys are cached: unknown keys are random and never repeat usefully, and caching
  // them would let a flood of garbage evict real entries.
  const cache = new Map<string, { principal: ApiKeyPrincipal; expiresAt: number }>();
  /**
   * Lookups in flight, by key digest: requests that miss together share one. When an entry
   * expires under load, every request in flight with that key misses at once; each used to
   * make its own lookup (about 50 at 50 connections, a commit each, every 2 s).
   */
  const lookups = new Map<string, Promise<ApiKeyPrincipal | undefined>>();
  let generation = 0;

  const lookUp = async (keyHash: string): Promise<ApiKeyPrincipal | undefined> => {
    const startedAt = generation;
    const credential = await findApiKeyCredential(options.db, keyHash);
    if (!credential || credential.revoked || !sameDigest(credential.keyHash, keyHash)) {
      return undefined;
    }
    const principal: ApiKeyPrincipal = {
      apiKeyId: credential.id,
      brandId: credential.brandId,
      brandName: credential.brandName,
      customAuthEnabled: credential.customAuthEnabled,
      scopes: new Set(credential.scopes),
    };
    // A lookup that raced an invalidation may have read the old row: use it, do not keep it.
    if (startedAt === generation) {
      if (cache.size >= maxEntries) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      cache.set(keyHash, { principal, expiresAt: now() + ttlMs });
    }
    return principal;
  };

  return {
    async authenticate(key) {
      if (!looksLikeApiKey(key)) return undefined;
      const keyHash = hashApiKey(key);
      const cached = cache.get(keyHash);
      if (cached && cached.expiresAt > now()) return cached.principal;
      if (cached) cache.delete(keyHash);
      let lookup = lookups.get(keyHash);
      if (!lookup) {
        const shared = lookUp(keyHash).finally(() => {
          if (lookups.get(keyHash) === shared) lookups.delete(keyHash);
        });
        lookups.set(keyHash, shared);
        lookup = shared;
      }
      return lookup;
    },
    invalidate() {
      generation += 1;
      cache.clear();
      // A lookup in flight may have read the old row: later requests make their own.
      lookups.clear();
    },
  };
}
