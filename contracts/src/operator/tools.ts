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

export const ENTITY_KIND_PATTERN = '^[a-z][a-z-]{1,40}$';
export const PROJECTION_NAME_PATTERN = '^[A-Za-z0-9_.:-]{1,100}$';

const EntityParams = Type.Object(
  {
    entity: Type.String({
      pattern: ENTITY_KIND_PATTERN,
      description: 'Entity kind, e.g. product',
    }),
    id: Uuid(),
  },
  { additionalProperties: false },
);
const ProjectionParams = Type.Object(
  {
    name: Type.String({ pattern: PROJECTION_NAME_PATTERN, description: 'A projection, or all' }),
  },
  { additionalProperties: false },
);
/** `at` and `since`: one text, parsed by the operator tools' `parsePointInTime`. */
const pointInTimeDescription =
  'A global position from 0 to 9007199254740991 (2^53 − 1), as history and export print them, or an ISO 8601 time from year 0001 to 9999.';
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
    summary: 'History of an entity',
    description:
      "Every event of one entity's stream: who changed what, when, and from which request.",
    params: EntityParams,
    successStatus: 200,
    response: History,
  }),
  defineOperation({
    operationId: 'adminRequestHistory',
    method: 'get',
    path: '/audit/requests/{requestId}',
    summary: 'Events of a request',
    description: 'The events one request produced, by its request id.',
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
    summary: 'An entity at a point in time',
    description: "Folds an entity's events up to a global position or a time.",
    params: EntityParams,
    query: Type.Object(
      {
        at: Type.String({
          minLength: 1,
          maxLength: 64,
          description: pointInTimeDescription,
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
    summary: 'Projection status',
    description:
      "Each projection's checkpoint, its lag behind the log, and parked events: the read models and the webhook projector (`webhooks`, asynchronous, run by the worker; never rebuilt).",
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
    summary: 'Rebuild a projection',
    description:
      'Starts a shadow rebuild of a read model (or `all`) that swaps in without downtime.',
    errors: ['CONFLICT'],
    params: ProjectionParams,
    successStatus: 202,
    response: Jobs,
  }),
  defineOperation({
    operationId: 'adminStartVerify',
    method: 'post',
    path: '/projections/{name}/verify',
    summary: 'Verify a projection',
    description: 'Rebuilds a read model into shadow tables and compares them with the live ones.',
    errors: ['CONFLICT'],
    params: ProjectionParams,
    successStatus: 202,
    response: Jobs,
  }),
  defineOperation({
    operationId: 'adminProjectionJob',
    method: 'get',
    path: '/projections/{name}/job',
    summary: 'A projection job',
    description: "The progress of the projection's rebuild or verify job.",
    params: ProjectionParams,
    successStatus: 200,
    response: Jobs,
  }),
  defineOperation({
    operationId: 'adminCancelProjectionJob',
    method: 'delete',
    path: '/projections/{name}/job',
    summary: 'Cancel a projection job',
    description: "Cancels the projection's running rebuild or verify job.",
    params: ProjectionParams,
    successStatus: 200,
    response: Jobs,
  }),
  defineOperation({
    operationId: 'adminListParkedEvents',
    method: 'get',
    path: '/projections/parked',
    summary: 'List parked events',
    description: 'Events a projection could not apply and set aside.',
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
    summary: 'Retry a parked event',
    description: 'Applies a parked event again, after a fix.',
    params: ParkedParams,
    query: ParkedProjectionQuery,
    successStatus: 200,
    response: ParkedActions,
  }),
  defineOperation({
    operationId: 'adminSkipParkedEvent',
    method: 'post',
    path: '/projections/parked/{position}/skip',
    summary: 'Skip a parked event',
    description: 'Marks a parked event as skipped for good.',
    params: ParkedParams,
    query: ParkedProjectionQuery,
    successStatus: 200,
    response: ParkedActions,
  }),
  defineOperation({
    operationId: 'adminExportEvents',
    method: 'get',
    path: '/events/export',
    summary: 'Export events',
    description: 'Streams the event log from a position as NDJSON, one event per line.',
    query: Type.Object(
      {
        since: Type.Optional(
          Type.String({ minLength: 1, maxLength: 64, description: pointInTimeDescription }),
        ),
        brand: Type.Optional(Uuid()),
      },
      { additionalProperties: false },
    ),
    // NDJSON, one event envelope per line: no JSON schema describes the stream as a whole.
    successStatus: 200,
  }),
] as const;

export type OperatorToolOperations = typeof operatorToolOperations;
