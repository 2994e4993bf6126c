/**
 * Operator tools over the event log (`/admin/v1`): audit history, time travel, projection
 * status, shadow rebuild and verify, NDJSON export. Same form as the contracts' routes.
 */
import { Uuid } from '@brand-api/contracts';
import { Type } from 'typebox';
import type { Operation } from '../../http/operation';

const defineOperation = <const O extends Operation>(operation: O): O => operation;

const EntityParams = Type.Object(
  {
    entity: Type.String({
      pattern: '^[a-z][a-z-]{1,40}$',
      description: 'Entity kind, e.g. product',
    }),
    id: Uuid(),
  },
  { additionalProperties: false },
);
const ProjectionParams = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,100}$', description: 'A projection, or all' }),
  },
  { additionalProperties: false },
);
const Jobs = Type.Object({ data: Type.Array(Type.Unknown()) });
const ParkedParams = Type.Object(
  {
    position: Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Global position of the parked event',
    }),
  },
  { additionalProperties: false },
);
const ParkedProjectionQuery = Type.Object(
  { projection: Type.Optional(ProjectionParams.properties.name) },
  { additionalProperties: false },
);

export const operatorToolOperations = [
  defineOperation({
    operationId: 'adminEntityHistory',
    method: 'get',
    path: '/audit/history/{entity}/{id}',
    params: EntityParams,
    successStatus: 200,
    response: Type.Object({ data: Type.Array(Type.Unknown()) }),
  }),
  defineOperation({
    operationId: 'adminRequestHistory',
    method: 'get',
    path: '/audit/requests/{requestId}',
    params: Type.Object(
      { requestId: Type.String({ minLength: 1, maxLength: 128 }) },
      { additionalProperties: false },
    ),
    successStatus: 200,
    response: Type.Object({ data: Type.Array(Type.Unknown()) }),
  }),
  defineOperation({
    operationId: 'adminEntityAt',
    method: 'get',
    path: '/audit/at/{entity}/{id}',
    params: EntityParams,
    query: Type.Object(
      {
        at: Type.String({
          minLength: 1,
          maxLength: 64,
          description: 'Global position or ISO time',
        }),
      },
      { additionalProperties: false },
    ),
    successStatus: 200,
    response: Type.Object({ data: Type.Unknown() }),
  }),
  defineOperation({
    operationId: 'adminProjectionStatus',
    method: 'get',
    path: '/projections',
    successStatus: 200,
    response: Type.Object({ head: Type.Unknown(), data: Type.Array(Type.Unknown()) }),
  }),
  defineOperation({
    operationId: 'adminStartRebuild',
    method: 'post',
    path: '/projections/{name}/rebuild',
    params: ProjectionParams,
    successStatus: 202,
    response: Jobs,
  }),
  defineOperation({
    operationId: 'adminStartVerify',
    method: 'post',
    path: '/projections/{name}/verify',
    params: ProjectionParams,
    successStatus: 202,
    response: Jobs,
  }),
  defineOperation({
    operationId: 'adminProjectionJob',
    method: 'get',
    path: '/projections/{name}/job',
    params: ProjectionParams,
    successStatus: 200,
    response: Jobs,
  }),
  defineOperation({
    operationId: 'adminCancelProjectionJob',
    method: 'delete',
    path: '/projections/{name}/job',
    params: ProjectionParams,
    successStatus: 200,
    response: Jobs,
  }),
  defineOperation({
    operationId: 'adminListParkedEvents',
    method: 'get',
    path: '/projections/parked',
    query: Type.Object(
      {
        projection: Type.Optional(ProjectionParams.properties.name),
        status: Type.Optional(
          Type.Union([Type.Literal('parked'), Type.Literal('retried'), Type.Literal('skipped')]),
        ),
      },
      { additionalProperties: false },
    ),
    successStatus: 200,
    response: Type.Object({ data: Type.Array(Type.Unknown()) }),
  }),
  defineOperation({
    operationId: 'adminRetryParkedEvent',
    method: 'post',
    path: '/projections/parked/{position}/retry',
    params: ParkedParams,
    query: ParkedProjectionQuery,
    successStatus: 200,
    response: Type.Object({ data: Type.Array(Type.Unknown()) }),
  }),
  defineOperation({
    operationId: 'adminSkipParkedEvent',
    method: 'post',
    path: '/projections/parked/{position}/skip',
    params: ParkedParams,
    query: ParkedProjectionQuery,
    successStatus: 200,
    response: Type.Object({ data: Type.Array(Type.Unknown()) }),
  }),
  defineOperation({
    operationId: 'adminExportEvents',
    method: 'get',
    path: '/events/export',
    query: Type.Object(
      {
        since: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        brand: Type.Optional(Uuid()),
      },
      { additionalProperties: false },
    ),
    successStatus: 200,
  }),
] as const;

export type OperatorToolOperations = typeof operatorToolOperations;
