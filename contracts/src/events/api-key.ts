import { Type, type Static } from 'typebox';
import { Nullable, Uuid } from '../primitives';
import { ScopeSchema } from '../scopes';
import { defineEvent } from './define-event';

/** The key itself is shown once and never stored: only its SHA-256 (hex) is. */
export const ApiKeyIssued = defineEvent(
  'ApiKeyIssued',
  'An operator issued an API key to a brand.',
  {
    apiKeyId: Uuid(),
    brandId: Uuid(),
    name: Nullable(Type.String({ minLength: 1, maxLength: 100 })),
    keyHash: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the key, hex.' }),
    keyPrefix: Type.String({
      minLength: 1,
      maxLength: 16,
      description: 'The first characters of the key, shown in key lists to tell keys apart.',
    }),
    scopes: Type.Array(ScopeSchema, { uniqueItems: true }),
  },
);
export type ApiKeyIssued = Static<typeof ApiKeyIssued>;

export const ApiKeyRevoked = defineEvent(
  'ApiKeyRevoked',
  'An operator revoked an API key; requests with it are refused from now on.',
  { apiKeyId: Uuid(), brandId: Uuid() },
);
export type ApiKeyRevoked = Static<typeof ApiKeyRevoked>;

export type ApiKeyEvent = ApiKeyIssued | ApiKeyRevoked;
