import { Type, type Static } from 'typebox';
import { errorCodes } from '../errors';
import { exampled } from '../primitives';

export const ErrorDetail = Type.Object(
  {
    location: Type.Optional(Type.Enum(['path', 'query', 'body', 'header'])),
    field: Type.Optional(
      Type.String({
        description: 'JSON pointer to the failing field, e.g. `/upsertRecords/3/title`.',
      }),
    ),
    message: Type.String(),
  },
  {
    $id: 'ErrorDetail',
    title: 'Error detail',
    description: 'One failing field or reason.',
    additionalProperties: false,
  },
);
export type ErrorDetail = Static<typeof ErrorDetail>;

export const ErrorCodeSchema = Type.Enum(errorCodes, {
  $id: 'ErrorCode',
  title: 'Error code',
  description: 'Stable, machine-readable error code; see the error catalogue.',
});

/** Every error the API answers (SPEC §8), plus the request id and details when known. */
export const ErrorBody = exampled(
  Type.Object(
    {
      message: Type.String({ description: 'Human-readable; may change between releases.' }),
      code: ErrorCodeSchema,
      statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
      requestId: Type.Optional(
        Type.String({ description: 'Also sent as the `x-request-id` header.' }),
      ),
      details: Type.Optional(Type.Array(ErrorDetail)),
    },
    {
      $id: 'ErrorBody',
      title: 'Error',
      description: 'The body of every error response.',
      additionalProperties: false,
    },
  ),
  { message: 'Missing API key', code: 'UNAUTHORIZED', statusCode: 401 },
);
export type ErrorBody = Static<typeof ErrorBody>;
