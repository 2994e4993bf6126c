/**
 * The error responses of an operation in an OpenAPI document: one response per status, its
 * catalogued codes as named examples kept once in `components.examples`. Shared by the Brand
 * API's document and the operator and community documents.
 */
import type { TSchema } from 'typebox';
import { ErrorBody } from '../entities/error-body';
import { errorCatalogue, type ErrorCode } from '../error-catalogue';
import { errorBody } from '../errors';
import type { JsonSchema, SchemaComponents } from './json-schema';

/** What the error responses are made from: the codes, and which parts the request has. */
export interface ErringOperation {
  errors: readonly ErrorCode[];
  body?: TSchema;
  query?: TSchema;
}

/** One response per status; the codes sharing a status are its named examples. */
export function errorResponses(
  route: ErringOperation,
  examples: ErrorExamples,
  components: SchemaComponents,
  headerRef: (name: 'RequestId' | 'RetryAfter' | 'RateLimitPolicy' | 'RateLimit') => JsonSchema,
  /** Headers some statuses add (the Brand API's `Idempotent-Replayed` on a replayed 4xx). */
  moreHeaders: (status: number) => JsonSchema = () => ({}),
): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of route.errors) {
    const status = errorCatalogue[code].statusCode;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const schema = components.reference(ErrorBody);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => {
        const headers: JsonSchema = {
          'x-request-id': headerRef('RequestId'),
          ...moreHeaders(status),
        };
        if (status === 429) {
          Object.assign(headers, {
            'Retry-After': headerRef('RetryAfter'),
            'RateLimit-Policy': headerRef('RateLimitPolicy'),
            RateLimit: headerRef('RateLimit'),
          });
        }
        const named = Object.fromEntries(codes.map((code) => [code, examples.use(code, route)]));
        return [
          String(status),
          {
            description: codes
              .map((code) => `\`${code}\`: ${errorCatalogue[code].message}.`)
              .join(' '),
            headers,
            content: { 'application/json': { schema, examples: named } },
          },
        ];
      }),
  );
}

/**
 * Error examples live once in components.examples and are referenced from each response.
 * A validation error's example names a field in the part of the request the route has.
 */
export class ErrorExamples {
  private readonly used = new Map<string, JsonSchema>();

  use(code: ErrorCode, route: ErringOperation): JsonSchema {
    const detail = code === 'VALIDATION_FAILED' ? validationDetail(route) : undefined;
    const name = detail ? `${code}_${detail.location}` : code;
    if (!this.used.has(name)) {
      const value = errorBody(
        code,
        '5f0c6a0e-2b1d-4c59-9d0a-7f3e1c2b4a68',
        detail ? { details: [detail] } : {},
      );
      this.used.set(name, {
        summary: errorCatalogue[code].description,
        value,
      });
    }
    return { $ref: `#/components/examples/${name}` };
  }

  all(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.used.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }
}

function validationDetail(route: ErringOperation) {
  if (route.body) {
    return {
      location: 'body',
      field: '/title',
      message: 'must NOT have fewer than 1 characters',
    } as const;
  }
  if (route.query) {
    return { location: 'query', field: '/limit', message: 'must be <= 100' } as const;
  }
  return {
    location: 'path',
    field: '/id',
    message: 'must be a UUID, such as 9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b',
  } as const;
}
