import { decideWebhookEndpoint } from './decide';
import { evolveWebhookEndpoint, initialWebhookEndpointState } from './webhook-endpoint';

export * from './webhook-endpoint';
export * from './decide';

export const webhookEndpointDecider = {
  decide: decideWebhookEndpoint,
  evolve: evolveWebhookEndpoint,
  initialState: initialWebhookEndpointState,
};
