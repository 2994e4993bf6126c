/**
 * `buildOperationsDocument()`: the OpenAPI 3.1 document of an API whose operations are
 * `OperationContract`s (the operator API, the community API), made the way the Brand API's is:
 * the same schema conversion, the same error responses and examples from the catalogue, and
 * operations straight from the contracts the server mounts and `brandctl` calls.
 */
import type { TSchema } from 'typebox';
import type { ErrorCode } from '../error-catalogue';
import type { OperationContract } from '../operator/operation';
import { ErrorExamples, errorResponses } from './error-responses';
import { SchemaComponents, type JsonSchema, type JsonValue } from './json-schema';
import { parametersOf } from './parameters';

export interface OperationGroup {
  tag: string;
  description: string;
  operations: readonly OperationContract[];
}

export interface OperationsDocument {
  title: string;
  summary: string;
  description: string;
  basePath: string;
  /** The security scheme of the API and whether an operation needs it. */
  security: { name: string; scheme: JsonSchema; requiredBy: (op: OperationContract) => boolean };
  /** The catalogued errors every operation of the API can answer, given what it is. */
  commonErrors: (op: OperationContract) => readonly ErrorCode[];
  groups: readonly OperationGroup[];
}

/** Headers every API's document describes the same way (the Brand API's adds its own). */
export const commonHeaders: Record<string, JsonSchema> = {
  RequestId: {
    description: 'Id of this request; also in error bodies as `requestId`.',
    schema: { type: 'string' },
  },
  Location: {
    description: 'The URL of the resource this call created.',
    schema: { type: 'string', format: 'uri-reference' },
  },
};
const headerRef = (name: string): JsonSchema => ({ $ref: `#/components/headers/${name}` });

export function buildOperationsDocument(api: OperationsDocument): JsonSchema {
  const components = new SchemaComponents();
  const examples = new ErrorExamples();
  const paths: Record<string, JsonSchema> = {};
  for (const group of api.groups) {
    for (const op of group.operations) {
      const pathItem = (paths[op.path] ??= {});
      pathItem[op.method] = operation(op, group.tag, api, components, examples);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: api.title,
      version: '1.0.0',
      summary: api.summary,
      description: api.description,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: api.basePath, description: 'Relative to the platform’s API host.' }],
    tags: api.groups.map(({ tag, description }) => ({ name: tag, description })),
    paths,
    components: {
      securitySchemes: { [api.security.name]: api.security.scheme },
      headers: commonHeaders,
      examples: examples.all(),
      schemas: components.all(),
    },
  };
}

function operation(
  op: OperationContract,
  tag: string,
  api: OperationsDocument,
  components: SchemaComponents,
  examples: ErrorExamples,
): JsonSchema {
  const doc: JsonSchema = {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [tag],
    security: api.security.requiredBy(op) ? [{ [api.security.name]: [] }] : [],
  };
  const parameters = [
    ...(op.params ? parametersOf(op.params, 'path', components) : []),
    ...(op.query ? parametersOf(op.query, 'query', components) : []),
  ];
  if (parameters.length > 0) doc.parameters = parameters;
  if (op.body) {
    doc.requestBody = {
      required: true,
      content: { 'application/json': media(op.body, components) },
    };
  }
  const errors = [...new Set([...api.commonErrors(op), ...(op.errors ?? [])])];
  doc.responses = {
    [String(op.successStatus)]: success(op, components),
    ...errorResponses({ ...op, errors }, examples, components, headerRef),
  };
  return doc;
}

function success(op: OperationContract, components: SchemaComponents): JsonSchema {
  const answer: JsonSchema = {
    description: successDescriptions[op.successStatus] ?? 'Success.',
    headers: {
      'x-request-id': headerRef('RequestId'),
      ...(op.successStatus === 201 || op.successStatus === 302
        ? { Location: headerRef('Location') }
        : {}),
    },
  };
  if (op.response) answer.content = { 'application/json': media(op.response, components) };
  else if (op.html) {
    answer.content = { 'text/html': { schema: { type: 'string', description: 'A page.' } } };
  } else if (op.successStatus === 200) {
    answer.content = {
      'application/x-ndjson': { schema: { type: 'string', description: 'One JSON value a line.' } },
    };
  }
  return answer;
}

const successDescriptions: Record<number, string> = {
  201: 'Created.',
  202: 'Accepted: the job runs in the background.',
  204: 'Done; no content.',
  302: 'Redirect.',
};

function media(schema: TSchema, components: SchemaComponents): JsonSchema {
  // Operator and community schemas mostly carry no example; the document shows those that do.
  const example = (schema as { examples?: JsonValue[] }).examples?.[0];
  return {
    schema: components.reference(schema),
    ...(example === undefined ? {} : { example }),
  };
}
