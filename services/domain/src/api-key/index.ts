import { evolveApiKey } from './api-key';
import { decideApiKey } from './decide';
import { absent } from '../errors';

export * from './api-key';
export * from './decide';

export const apiKeyDecider = {
  decide: decideApiKey,
  evolve: evolveApiKey,
  initialState: absent,
};
