import { decideWebhookEndpoint } from './decide';
import { evolveWebhookEndpoint } from './webhook-endpoint';
import { absent } from '../errors';

export * from './webhook-endpoint';
export * from './decide';

export const webhookEndpointDecider = {
  decide: decideWebhookEndpoint,
  evolve: evolveWebhookEndpoint,
  initialState: absent,
};
