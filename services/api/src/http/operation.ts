import type { OperationContract } from '@brand-api/contracts';
import type { Static, TSchema } from 'typebox';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { SerializedJson } from './read-cache';

/**
 * What the app needs to serve an operation: the contracts' `RouteDefinition` satisfies it, and
 * so do the operator and community operations (also in the contracts).
 */
export type Operation = OperationContract;

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

/** A validated request: every part has passed its compiled schema. */
export interface OperationRequest<O extends Operation, Auth> {
  params: StaticOf<O['params']>;
  query: StaticOf<O['query']>;
  body: StaticOf<O['body']>;
  auth: Auth;
  requestId: string;
  /** The Koa context, for the rare handler that needs a header. */
  ctx: Context;
}

/** A Server-Sent Events operation answers a stream it keeps writing (see `eventStream`). */
type ResponseOf<O extends Operation> = O extends { eventStream: true }
  ? Readable
  : O['response'] extends TSchema
    ? Static<O['response']>
    : unknown;

export interface OperationResult<O extends Operation> {
  /** Defaults to the operation's `successStatus`. */
  status?: number;
  /** The response, or its JSON text already made (a read cache keeps answers as text). */
  body: ResponseOf<O> | SerializedJson<ResponseOf<O>>;
  headers?: Record<string, string>;
}

export type OperationHandler<O extends Operation, Auth> = (
  request: OperationRequest<O, Auth>,
) => Promise<OperationResult<O>>;

/** Handlers keyed by operationId, each typed by its own operation. */
export type HandlersFor<Ops extends readonly Operation[], Auth> = {
  [O in Ops[number] as O['operationId']]?: OperationHandler<O, Auth>;
};

/** Type-erased form the router works with. */
export type AnyHandler = (request: {
  params: unknown;
  query: unknown;
  body: unknown;
  auth: unknown;
  requestId: string;
  ctx: Context;
}) => Promise<{ status?: number; body: unknown; headers?: Record<string, string> }>;
