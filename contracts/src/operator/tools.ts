/**
 * Operator tools over the event log (`/admin/v1`): audit history, time travel, projection
 * status, shadow rebuild and verify, parked events, NDJSON export.
 */
import { Type } from 'typebox';
import { Uuid } from '../primitives';
import { AuditHistoryEntry, EntityAtMoment } from './audit-views';
import { defineOperation } from './operation';
import {
  ParkedActionResult,
  ParkedEventView,
  ProjectionJob,
  ProjectionStatus,
} from './projection-views';

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
const Jobs = Type.Object({ data: Type.Array(ProjectionJob) });
const History = Type.Object({ data: Type.Array(AuditHistoryEntry) });
const ParkedActions = Type.Object({ data: Type.Array(ParkedActionResult) });
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
    response: History,
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
    response: History,
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
    response: Type.Object({ data: EntityAtMoment }),
  }),
  defineOperation({
    operationId: 'adminProjectionStatus',
    method: 'get',
    path: '/projections',
    successStatus: 200,
    response: Type.Object({
      head: Type.Object({
        position: Type.Integer({ description: 'Global position of the last event in the log.' }),
        commit: Type.Integer(),
      }),
      data: Type.Array(ProjectionStatus),
    }),
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
    response: Type.Object({ data: Type.Array(ParkedEventView) }),
  }),
  defineOperation({
    operationId: 'adminRetryParkedEvent',
    method: 'post',
    path: '/projections/parked/{position}/retry',
    params: ParkedParams,
    query: ParkedProjectionQuery,
    successStatus: 200,
    response: ParkedActions,
  }),
  defineOperation({
    operationId: 'adminSkipParkedEvent',
    method: 'post',
    path: '/projections/parked/{position}/skip',
    params: ParkedParams,
    query: ParkedProjectionQuery,
    successStatus: 200,
    response: ParkedActions,
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
    // NDJSON, one event envelope per line: no JSON schema describes the stream as a whole.
    successStatus: 200,
  }),
] as const;

export type OperatorToolOperations = typeof operatorToolOperations;
