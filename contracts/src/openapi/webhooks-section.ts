/** The OpenAPI 3.1 `webhooks` section: one POST per event type the platform sends. */
import { exampleOf } from '../primitives';
import { webhookEventTypes, webhookSchemas, type WebhookEventType } from '../webhooks';
import type { JsonSchema, SchemaComponents } from './json-schema';

export const WEBHOOKS_TAG = 'Webhooks';

export const webhooksTagDescription =
  'Events the platform POSTs to the brand’s webhook endpoint, signed per Standard Webhooks. Verify the signature with the endpoint secret (`whsec_…`) before trusting a payload.';

const headers: JsonSchema[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'Message id, the same on every retry: use it to ignore duplicates.',
    schema: { type: 'string' },
    example: 'msg_2b7Qm9xTzK4pL1vN8cR3',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix time in seconds when the message was sent; refuse ones too far from now.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
    example: '1740940201',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated signatures `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`; during a secret rotation one per secret.',
    schema: { type: 'string' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

const summaries: Record<WebhookEventType, string> = {
  'user.joined': 'A member joined',
  'post.created': 'A post was created',
  'post.liked': 'A post was liked',
  'post_comment.created': 'A comment was created',
  'post_comment.liked': 'A comment was liked',
};

export function webhooksSection(components: SchemaComponents): Record<string, JsonSchema> {
  return Object.fromEntries(
    webhookEventTypes.map((type) => {
      const schema = webhookSchemas[type];
      const operation: JsonSchema = {
        operationId: `${type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase())}Webhook`,
        summary: summaries[type],
        description: `Sent to the brand's webhook endpoint with type \`${type}\`.`,
        tags: [WEBHOOKS_TAG],
        // The platform authenticates itself by the signature headers, not by a scheme.
        security: [],
        parameters: headers,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: components.reference(schema),
              example: exampleOf(schema) as JsonSchema,
            },
          },
        },
        responses: {
          '200': { description: 'Delivered. Any 2xx counts; answer quickly and work later.' },
          '410': { description: 'The URL is no longer valid: the endpoint is disabled.' },
          default: {
            description:
              'Any other answer, a redirect or no answer within 15 s is a failure: the message is retried with backoff.',
          },
        },
      };
      return [type, { post: operation }];
    }),
  );
}
