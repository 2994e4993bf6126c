/**
 * `buildOpenApi()`: the OpenAPI 3.1 document of the Brand API, generated from the route table,
 * the schemas and the error catalogue, so the document cannot drift from what the API does.
 */
import type { TSchema } from 'typebox';
import {
  conditionalHeaderComponents,
  conditionalParameterComponents,
  conditionalParameters,
  notModifiedResponse,
  successEtagHeader,
} from './openapi/conditional-requests';
import { ErrorExamples, errorResponses } from './openapi/error-responses';
import {
  idempotencyHeaderComponents,
  idempotencyParameterComponents,
  idempotencyParameters,
  replayedHeader,
} from './openapi/idempotency';
import { introduction } from './openapi/introduction';
import { commonHeaders } from './openapi/operations-document';
import { parametersOf } from './openapi/parameters';
import { SchemaComponents, type JsonSchema, type JsonValue } from './openapi/json-schema';
import { WEBHOOKS_TAG, webhooksSection, webhooksTagDescription } from './openapi/webhooks-section';
import {
  eventStreamContent,
  eventStreamParameterComponents,
  eventStreamParameters,
} from './openapi/event-stream';
import { exampleOf } from './primitives';
import { bulkRateLimit, rateLimitHeader, rateLimitPolicyHeader } from './rate-limit';
import { API_BASE_PATH, routes, routeTags, type RouteDefinition } from './routes';

export const OPENAPI_VERSION = '3.1.0';
export const BEARER_SCHEME = 'bearerAuth';
export type OpenApiDocument = JsonSchema;

const jsonMedia = 'application/json';

const headerComponents: Record<string, JsonSchema> = {
  ...commonHeaders,
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitPolicy: {
    description: `The limit of this call, as a structured field (IETF RateLimit header fields): \`${rateLimitPolicyHeader(bulkRateLimit)}\` is ${bulkRateLimit.requests} requests (\`q\`) per ${bulkRateLimit.windowSeconds}-second window (\`w\`), per brand.`,
    schema: { type: 'string', example: rateLimitPolicyHeader(bulkRateLimit) },
  },
  RateLimit: {
    description: `What is left of the current window: \`${rateLimitHeader(0, 51)}\` is 0 requests remaining (\`r\`), and the window resets in 51 seconds (\`t\`). Sent with every answer of a bulk call, the 429 included.`,
    schema: { type: 'string', example: rateLimitHeader(0, 51) },
  },
  ...conditionalHeaderComponents,
  ...idempotencyHeaderComponents,
};

export const headerRef = (name: keyof typeof headerComponents) => ({
  $ref: `#/components/headers/${name}`,
});

export function buildOpenApi(): OpenApiDocument {
  const components = new SchemaComponents();
  const examples = new ErrorExamples();
  const paths: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const pathItem = (paths[route.path] ??= {});
    pathItem[route.method] = operation(route, components, examples);
  }
  const webhooks = webhooksSection(components);
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Brand API',
      version: '1.0.0',
      summary: 'Catalogue, members, member groups, magic links, posts and webhooks for brands.',
      description: introduction,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        url: API_BASE_PATH,
        description:
          'Relative to the platform’s API host (e.g. `https://<api host>/api/v1`); the host is given to the brand with its API keys.',
      },
    ],
    tags: [
      ...Object.entries(routeTags).map(([name, description]) => ({ name, description })),
      { name: WEBHOOKS_TAG, description: webhooksTagDescription },
    ],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key of the brand: `Authorization: Bearer <key>`. Keys carry scopes; each operation names the one it needs.',
        },
      },
      parameters: {
        ...conditionalParameterComponents,
        ...idempotencyParameterComponents,
        ...eventStreamParameterComponents,
      },
      headers: headerComponents,
      examples: examples.all(),
      // Last: every schema above has been referenced by now.
      schemas: components.all(),
    },
  };
}

function operation(
  route: RouteDefinition,
  components: SchemaComponents,
  examples: ErrorExamples,
): JsonSchema {
  const op: JsonSchema = {
    operationId: route.operationId,
    summary: route.summary,
    description: `${route.description}\n\n**Required scope:** \`${route.scope}\``,
    tags: [route.tag],
    'x-required-scope': route.scope,
    security: [{ [BEARER_SCHEME]: [route.scope] }],
  };
  const parameters = [
    ...(route.params ? parametersOf(route.params, 'path', components) : []),
    ...(route.query ? parametersOf(route.query, 'query', components) : []),
    ...conditionalParameters(route),
    ...idempotencyParameters(route),
    ...eventStreamParameters(route),
  ];
  if (parameters.length > 0) op.parameters = parameters;
  if (route.body) {
    op.requestBody = {
      required: true,
      content: { [jsonMedia]: mediaType(route.body, components) },
    };
  }
  if (route.rateLimit) op['x-rate-limit'] = { ...bulkRateLimit, per: 'brand' };
  op.responses = {
    [String(route.successStatus)]: {
      description: route.successStatus === 201 ? 'Created.' : 'Success.',
      headers: {
        'x-request-id': headerRef('RequestId'),
        ...(route.successStatus === 201 ? { Location: headerRef('Location') } : {}),
        ...(route.rateLimit
          ? { 'RateLimit-Policy': headerRef('RateLimitPolicy'), RateLimit: headerRef('RateLimit') }
          : {}),
        ...successEtagHeader(route),
        ...replayedHeader(route, route.successStatus),
      },
      content: route.eventStream
        ? eventStreamContent(route.response, components)
        : { [jsonMedia]: mediaType(route.response, components) },
    },
    ...notModifiedResponse(route, headerRef('RequestId')),
    ...errorResponses(route, examples, components, headerRef, (status) =>
      replayedHeader(route, status),
    ),
  };
  return op;
}

function mediaType(schema: TSchema, components: SchemaComponents): JsonSchema {
  return { schema: components.reference(schema), example: exampleOf(schema) as JsonValue };
}
