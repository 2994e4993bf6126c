import { isScope } from '@brand-api/contracts';
import type { ApiKeyEvent, ApiKeyIssued, ApiKeyRevoked } from '@brand-api/contracts';
import type { ApiKeyState } from './api-key';
import { DomainError, notFound, unreachable, assertNew } from '../errors';
import type { DomainProblem } from '../errors';
import { lengthProblem } from '../text-field';

export interface IssueApiKey {
  type: 'IssueApiKey';
  data: {
    apiKeyId: string;
    brandId: string;
    name: string | null;
    scopes: readonly string[];
    keyHash: string;
    keyPrefix: string;
  };
}

export interface RevokeApiKey {
  type: 'RevokeApiKey';
  data: { apiKeyId: string; brandId: string };
}

export type ApiKeyCommand = IssueApiKey | RevokeApiKey;

/** Matches the `ApiKeyIssued` schema in contracts. */
export const maxApiKeyNameLength = 100;

export function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'IssueApiKey':
      return [issue(command, state)];
    case 'RevokeApiKey':
      return revoke(command, state);
    default:
      return unreachable(command);
  }
}

function issue(command: IssueApiKey, state: ApiKeyState): ApiKeyIssued {
  assertNew(state, 'An API key with this id already exists');
  const { data } = command;
  const problems: DomainProblem[] = [];
  if (data.scopes.length === 0) {
    problems.push({ path: ['scopes'], message: 'must name at least one scope' });
  }
  data.scopes.forEach((scope, index) => {
    if (!isScope(scope)) {
      problems.push({ path: ['scopes', index], message: `unknown scope '${scope}'` });
    }
  });
  const name = data.name === null ? null : data.name.trim();
  const nameProblem =
    name === null ? undefined : lengthProblem(name, ['name'], maxApiKeyNameLength);
  if (nameProblem !== undefined) problems.push(nameProblem);
  if (problems.length > 0) throw new DomainError('invalid', { problems });
  return {
    type: 'ApiKeyIssued',
    schemaVersion: 1,
    data: {
      apiKeyId: data.apiKeyId,
      brandId: data.brandId,
      name,
      keyHash: data.keyHash,
      keyPrefix: data.keyPrefix,
      // Sorted and deduplicated so that equal grants look equal in the log and the read model.
      scopes: [...new Set(data.scopes.filter(isScope))].sort(),
    },
  };
}

/** Revoking twice is harmless: the second call records nothing. Another brand's key is not found. */
function revoke(command: RevokeApiKey, state: ApiKeyState): ApiKeyRevoked[] {
  if (state.status === 'absent' || state.brandId !== command.data.brandId) {
    throw notFound();
  }
  if (state.status === 'revoked') return [];
  return [
    {
      type: 'ApiKeyRevoked',
      schemaVersion: 1,
      data: { apiKeyId: state.id, brandId: state.brandId },
    },
  ];
}
