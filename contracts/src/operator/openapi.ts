/** The operator API's OpenAPI document (`GET /admin/v1/openapi.json`, behind the admin token). */
import type { ErrorCode } from '../error-catalogue';
import { buildOperationsDocument } from '../openapi/operations-document';
import type { JsonSchema } from '../openapi/json-schema';
import { anyRequest, jsonBody } from '../routes/route-errors';
import { adminOperations } from './brands';
import { memberAdminOperations, roomAdminOperations } from './community';
import type { OperationContract } from './operation';
import { operatorToolOperations } from './tools';
import { webhookAdminOperations } from './webhooks';

/** What any operator call can answer, given the parts it has. */
function operatorErrors(op: OperationContract): ErrorCode[] {
  const codes: ErrorCode[] = [
    'ADMIN_UNAUTHORIZED',
    'INTERNAL',
    'SERVICE_UNAVAILABLE',
    ...anyRequest,
  ];
  if (op.params || op.query || op.body) codes.push('VALIDATION_FAILED');
  if (op.body) codes.push(...jsonBody);
  if (op.params) codes.push('NOT_FOUND');
  return codes;
}

export function buildOperatorOpenApi(): JsonSchema {
  return buildOperationsDocument({
    title: 'Operator API',
    summary: 'Brands, API keys, rooms, roles, webhook endpoints, audit and projection tools.',
    description:
      'The API of the platform’s operators, which `brandctl` calls. Every call needs the operator token: `Authorization: Bearer <ADMIN_TOKEN>`. Errors have the format of the Brand API, with the request id in every error body.',
    basePath: '/admin/v1',
    security: {
      name: 'adminToken',
      scheme: {
        type: 'http',
        scheme: 'bearer',
        description: 'The operator token (`ADMIN_TOKEN`, or the one printed on first start).',
      },
      requiredBy: () => true,
    },
    commonErrors: operatorErrors,
    groups: [
      {
        tag: 'Brands and API keys',
        description: 'Brands and the API keys they call the Brand API with.',
        operations: adminOperations,
      },
      {
        tag: 'Community',
        description: 'Rooms of a brand’s community and the roles of its members.',
        operations: [...roomAdminOperations, ...memberAdminOperations],
      },
      {
        tag: 'Webhooks',
        description: 'Webhook endpoints, their deliveries and replays.',
        operations: webhookAdminOperations,
      },
      {
        tag: 'Audit and projections',
        description:
          'The history of entities and requests, read-model rebuilds, parked events, the event export.',
        operations: operatorToolOperations,
      },
    ],
  });
}
