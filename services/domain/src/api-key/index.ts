import { evolveApiKey, initialApiKeyState } from './api-key';
import { decideApiKey } from './decide';

export * from './api-key';
export * from './decide';

export const apiKeyDecider = {
  decide: decideApiKey,
  evolve: evolveApiKey,
  initialState: initialApiKeyState,
};
