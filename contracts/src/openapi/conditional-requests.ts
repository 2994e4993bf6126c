/**
 * What a versioned route (`RouteDefinition.versioned`) adds to its operation in the OpenAPI
 * document: the `ETag` it answers, the precondition header it takes, and the 304 of a GET.
 */
import type { RouteDefinition } from '../routes';
import type { JsonSchema } from './json-schema';

const etagExample = '"3"';

export const conditionalHeaderComponents: Record<string, JsonSchema> = {
  ETag: {
    description:
      'The version of the resource this answer shows, as a strong entity tag. Send it back as `If-Match` to change or delete the resource only if it is still this version, or as `If-None-Match` to read it only if it changed.',
    schema: { type: 'string', example: etagExample },
  },
};

export const conditionalParameterComponents: Record<string, JsonSchema> = {
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description:
      'Write only if the resource is still at this version: the `ETag` of your last read (a list of them, or `*` for any version). Otherwise nothing is written and the answer is 412 `PRECONDITION_FAILED`, also when another write lands first. Without it the write is applied to the resource as it is when the write lands. A value that is not `*` or a list of quoted entity tags answers 400 `VALIDATION_FAILED`.',
    schema: { type: 'string' },
    example: etagExample,
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'The `ETag` of your last read: when the resource is still at that version the answer is 304 with no body.',
    schema: { type: 'string' },
    example: etagExample,
  },
};

const parameterRef = (name: keyof typeof conditionalParameterComponents) => ({
  $ref: `#/components/parameters/${name}`,
});

const etagHeader = { ETag: { $ref: '#/components/headers/ETag' } };

/** The precondition header the route takes, if any. */
export function conditionalParameters(route: RouteDefinition): JsonSchema[] {
  if (!route.versioned) return [];
  if (route.method === 'get') return [parameterRef('IfNoneMatch')];
  if (route.method === 'patch' || route.method === 'delete') return [parameterRef('IfMatch')];
  return [];
}

/** The `ETag` of a success answer that shows the resource (a delete shows none). */
export function successEtagHeader(route: RouteDefinition): JsonSchema {
  return route.versioned && route.method !== 'delete' ? etagHeader : {};
}

/** A versioned GET's 304, keyed by status, to spread into the responses. */
export function notModifiedResponse(
  route: RouteDefinition,
  requestIdHeader: JsonSchema,
): Record<string, JsonSchema> {
  if (!route.versioned || route.method !== 'get') return {};
  return {
    '304': {
      description:
        'Not modified: the resource is still at the version named in `If-None-Match`. No body.',
      headers: { 'x-request-id': requestIdHeader, ...etagHeader },
    },
  };
}
