/**
 * The ApiKey aggregate: one bearer key of one brand, with its scopes. Stream `apiKey-<keyId>`.
 * The secret never enters the domain: the edge generates it and passes only its SHA-256 hash.
 */
import type { ApiKeyEvent, ApiKeyIssued, ApiKeyRevoked, Scope } from '@brand-api/contracts';
import { unreachable } from '../errors';

export type { ApiKeyEvent, ApiKeyIssued, ApiKeyRevoked };

export const apiKeyStreamName = (apiKeyId: string): string => `apiKey-${apiKeyId}`;

export type ApiKeyState =
  | { status: 'absent' }
  | {
      status: 'active' | 'revoked';
      id: string;
      brandId: string;
      name: string | null;
      scopes: Scope[];
      keyPrefix: string;
    };

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyIssued':
      return {
        status: 'active',
        id: event.data.apiKeyId,
        brandId: event.data.brandId,
        name: event.data.name,
        scopes: [...event.data.scopes],
        keyPrefix: event.data.keyPrefix,
      };
    case 'ApiKeyRevoked':
      if (state.status === 'absent') return state;
      return { ...state, status: 'revoked' };
    default:
      return unreachable(event);
  }
}
