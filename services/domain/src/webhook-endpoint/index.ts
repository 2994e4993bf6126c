import { decideWebhookEndpoint } from './decide';
import { evolveWebhookEndpoint } from './webhook-endpoint';
import { decider } from '../decider';

export * from './webhook-endpoint';
export * from './decide';

export const webhookEndpointDecider = decider(decideWebhookEndpoint, evolveWebhookEndpoint);
