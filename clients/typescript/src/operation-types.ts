/** Each operation's parts, as the client's methods take and answer them. */
import type { OperationId, Operations } from './contract-types';

type Part<Op extends OperationId, K extends keyof Operations[Op]> = Operations[Op][K];

/** Every query parameter of the API is optional: absent ones take the documented default. */
export type QueryOf<Op extends OperationId> = Partial<NonNullable<Part<Op, 'query'>>>;
export type BodyOf<Op extends OperationId> = Part<Op, 'body'>;
export type ParamsOf<Op extends OperationId> = Part<Op, 'params'>;
export type AnswerOf<Op extends OperationId> = Part<Op, 'response'>;

/** What `request` takes for an operation: exactly the parts the operation has. */
export type RequestInput<Op extends OperationId> = (ParamsOf<Op> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<Op> }) &
  (Part<Op, 'query'> extends undefined ? { query?: undefined } : { query?: QueryOf<Op> }) &
  (BodyOf<Op> extends undefined ? { body?: undefined } : { body: BodyOf<Op> });
