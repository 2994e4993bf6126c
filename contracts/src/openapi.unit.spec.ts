import { errorCatalogue } from './error-catalogue';
import { buildOpenApi } from './openapi';
import { eventDataSchema } from './openapi/event-stream';
import { SchemaComponents, type JsonSchema } from './openapi/json-schema';
import { routes, routeTags } from './routes';
import { webhookEventTypes } from './webhooks';

type Doc = {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  webhooks: Record<string, { post: JsonSchema }>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
    examples: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
  };
};

const doc = buildOpenApi() as unknown as Doc;
const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** What the document must say for a schema: the same conversion, done independently here. */
const expected = (schema: Parameters<SchemaComponents['reference']>[0]) =>
  new SchemaComponents().reference(schema);

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 for Brand API 1.0.0 served under /api/v1 with bearer keys', () => {
    expect(buildOpenApi()).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'Brand API', version: '1.0.0' },
      servers: [{ url: '/api/v1' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    });
    expect(doc.info.description).toContain('API host');
  });

  it('has 24 operations, exactly those of the route table', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => httpMethods.includes(method))
        .map((method) => `${method} ${path}`),
    );
    expect(documented).toHaveLength(24);
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  describe.each(routes.map((route) => [route.operationId, route] as const))('%s', (_, route) => {
    const op = () => doc.paths[route.path]![route.method]!;

    it('carries the operationId, tag, summary and required scope of the route', () => {
      expect(op()).toMatchObject({
        operationId: route.operationId,
        summary: route.summary,
        tags: [route.tag],
        'x-required-scope': route.scope,
        security: [{ bearerAuth: [route.scope] }],
      });
      expect(op().description).toContain(route.description);
      expect(op().description).toContain(`\`${route.scope}\``);
    });

    it('documents the path and query parameters of the route', () => {
      const parameters = ((op().parameters ?? []) as JsonSchema[]).filter(
        (parameter) => parameter.$ref === undefined,
      );
      const wanted = [
        ...Object.keys(route.params?.properties ?? {}).map((name) => ({ name, in: 'path' })),
        ...Object.keys(route.query?.properties ?? {}).map((name) => ({ name, in: 'query' })),
      ];
      expect(parameters.map(({ name, in: location }) => ({ name, in: location }))).toEqual(wanted);
      for (const parameter of parameters) {
        const owner = parameter.in === 'path' ? route.params! : route.query!;
        const source = owner.properties[parameter.name as string]!;
        const { description: _d, examples: _e, ...bare } = expected(source);
        expect(parameter.schema).toEqual(bare);
        if (parameter.in === 'path') expect(parameter.required).toBe(true);
      }
      const limit = parameters.find((parameter) => parameter.name === 'limit');
      if (limit) expect(limit).toMatchObject({ required: false, schema: { default: 10 } });
    });

    it('documents the request body schema', () => {
      const body = op().requestBody as JsonSchema | undefined;
      if (route.body === undefined) return expect(body).toBeUndefined();
      expect(body).toMatchObject({
        required: true,
        content: { 'application/json': { schema: expected(route.body) } },
      });
    });

    it('documents the success status and response schema', () => {
      const responses = op().responses as Record<string, JsonSchema>;
      if (route.eventStream) {
        return expect(responses[String(route.successStatus)]).toMatchObject({
          content: {
            'text/event-stream': {
              'x-event-data': eventDataSchema(route.response, new SchemaComponents()),
            },
          },
        });
      }
      expect(responses[String(route.successStatus)]).toMatchObject({
        content: { 'application/json': { schema: expected(route.response) } },
      });
    });

    it('documents one error response per status of its catalogued errors', () => {
      const responses = op().responses as Record<string, JsonSchema>;
      const errorStatuses = Object.keys(responses).filter((status) => Number(status) >= 400);
      const wanted = new Set(route.errors.map((code) => String(errorCatalogue[code].statusCode)));
      expect(new Set(errorStatuses)).toEqual(wanted);
      for (const code of route.errors) {
        const status = String(errorCatalogue[code].statusCode);
        const media = (responses[status]!.content as Record<string, JsonSchema>)[
          'application/json'
        ]!;
        expect(media.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        expect(Object.keys(media.examples as JsonSchema)).toContain(code);
      }
    });
  });

  it('shows the ETag, preconditions, 304 and 412 of the versioned routes only', () => {
    for (const route of routes) {
      const op = doc.paths[route.path]![route.method]!;
      const responses = op.responses as Record<string, JsonSchema>;
      const successHeaders = responses[String(route.successStatus)]!.headers as JsonSchema;
      const headerParameters = ((op.parameters ?? []) as JsonSchema[])
        .map((parameter) => parameter.$ref)
        .filter(
          (ref) =>
            ref !== undefined &&
            ref !== '#/components/parameters/IdempotencyKey' &&
            ref !== '#/components/parameters/LastEventId',
        );
      const versioned = route.versioned === true;
      const takesIfMatch = versioned && (route.method === 'patch' || route.method === 'delete');
      expect(headerParameters).toEqual(
        takesIfMatch
          ? ['#/components/parameters/IfMatch']
          : versioned && route.method === 'get'
            ? ['#/components/parameters/IfNoneMatch']
            : [],
      );
      expect(successHeaders.ETag !== undefined).toBe(versioned && route.method !== 'delete');
      expect(responses['304'] !== undefined).toBe(versioned && route.method === 'get');
      expect(responses['412'] !== undefined).toBe(takesIfMatch);
    }
    expect(routes.filter((route) => route.versioned).map((route) => route.operationId)).toEqual(
      expect.arrayContaining(['getBrandProduct', 'updateMember', 'deleteMemberGroup']),
    );
    expect(doc.components.parameters).toMatchObject({
      IfMatch: { name: 'If-Match', in: 'header' },
      IfNoneMatch: { name: 'If-None-Match', in: 'header' },
    });
  });

  it('takes an Idempotency-Key on every write and shows Idempotent-Replayed on what it replays', () => {
    for (const route of routes) {
      const op = doc.paths[route.path]![route.method]!;
      const write = route.method !== 'get';
      const refs = ((op.parameters ?? []) as JsonSchema[]).map((parameter) => parameter.$ref);
      expect([route.operationId, refs.includes('#/components/parameters/IdempotencyKey')]).toEqual([
        route.operationId,
        write,
      ]);
      for (const [status, response] of Object.entries(op.responses as Record<string, JsonSchema>)) {
        const headers = (response.headers ?? {}) as JsonSchema;
        expect([route.operationId, status, headers['Idempotent-Replayed'] !== undefined]).toEqual([
          route.operationId,
          status,
          write && Number(status) < 500,
        ]);
      }
      if (write) {
        expect(route.errors).toEqual(
          expect.arrayContaining([
            'VALIDATION_FAILED',
            'IDEMPOTENCY_KEY_REUSED',
            'IDEMPOTENCY_KEY_IN_USE',
            'IDEMPOTENCY_ANSWER_LOST',
          ]),
        );
      }
    }
    expect(doc.components.parameters).toMatchObject({
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    });
    expect(doc.components.headers).toMatchObject({
      IdempotentReplayed: { schema: { type: 'string', enum: ['true'] } },
    });
  });

  it('describes every tag it uses and uses every tag it describes', () => {
    const used = new Set(
      [...Object.values(doc.paths), ...Object.values(doc.webhooks)].flatMap((item) =>
        Object.values(item).flatMap((op) => (op as { tags: string[] }).tags),
      ),
    );
    expect(new Set(doc.tags.map((tag) => tag.name))).toEqual(used);
    for (const tag of doc.tags) expect(tag.description.length).toBeGreaterThan(10);
    for (const name of Object.keys(routeTags)) expect(used).toContain(name);
  });

  it('names the entities of SPEC §3 as components', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'UserReference',
        'Member',
        'MemberGroup',
        'BrandMemberBadge',
        'BrandProduct',
        'BrandProductVariant',
        'Post',
        'MagicLinkResponse',
        'ErrorBody',
        'UserJoinedWebhook',
      ]),
    );
    // An $id inside a component would change the base its nested $refs resolve against.
    expect(JSON.stringify(doc.components.schemas)).not.toContain('"$id"');
  });

  it('has a webhooks entry for each of the five event types, signed per Standard Webhooks', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEventTypes].sort());
    for (const { post } of Object.values(doc.webhooks)) {
      const headers = (post.parameters as JsonSchema[]).map((p) => p.name);
      expect(headers).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(Object.keys(post.responses as JsonSchema)).toEqual(
        expect.arrayContaining(['200', '410']),
      );
    }
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildOpenApi())).toBe(JSON.stringify(buildOpenApi()));
  });
});

describe('rate-limit headers, documented as the server sends them', () => {
  it('shows the structured-field forms of RateLimit-Policy and RateLimit', () => {
    const headers = (
      buildOpenApi() as unknown as { components: { headers: Record<string, JsonLike> } }
    ).components.headers;
    expect(headers.RateLimitPolicy?.schema?.example).toBe('"bulk";q=10;w=60');
    expect(headers.RateLimit?.schema?.example).toBe('"bulk";r=0;t=51');
    expect(headers.RateLimitPolicy?.description).toContain('"bulk";q=10;w=60');
    expect(headers.RateLimit?.description).toContain('"bulk";r=0;t=51');
  });
});

interface JsonLike {
  description?: string;
  schema?: { example?: unknown };
}
