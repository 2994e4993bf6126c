import { evolveApiKey } from './api-key';
import { decideApiKey } from './decide';
import { decider } from '../decider';

export * from './api-key';
export * from './decide';

export const apiKeyDecider = decider(decideApiKey, evolveApiKey);
