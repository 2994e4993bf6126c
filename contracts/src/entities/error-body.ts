import { Type, type Static } from 'typebox';
import { errorCodes } from '../error-catalogue';
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

/** Every error the API answers (codes from `error-catalogue.ts`), with its request id, and details when fields are to blame. */
export const ErrorBody = exampled(
  Type.Object(
    {
      message: Type.String({ description: 'Human-readable; may change between releases.' }),
      code: ErrorCodeSchema,
      statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
      requestId: Type.String({
        description:
          'The id of the request, also sent as the `x-request-id` header of every answer: quote it when asking for help.',
      }),
      details: Type.Optional(Type.Array(ErrorDetail)),
    },
    {
      $id: 'ErrorBody',
      title: 'Error',
      description: 'The body of every error response.',
      additionalProperties: false,
    },
  ),
  {
    message: 'Missing API key',
    code: 'UNAUTHORIZED',
    statusCode: 401,
    requestId: '5f0c6a0e-2b1d-4c59-9d0a-7f3e1c2b4a68',
  },
);
export type ErrorBody = Static<typeof ErrorBody>;
