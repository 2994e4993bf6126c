import { ApiError } from '@brand-api/contracts';
import type { Middleware, ParameterizedContext } from 'koa';
import { jsonBody } from './body';
import { createdLocation } from './location';
import type { AnyHandler, Operation } from './operation';
import { SerializedJson } from './read-cache';
import type { RequestIdState } from './request-id';
import { idNormaliser } from './uuid-case';
import { compileBodyPart, compileTextPart } from './validation';
import type { PartValidator } from './validation';

export interface AuthState<Auth> extends RequestIdState {
  auth: Auth;
}

/** One router serves every prefix; each prefix's authentication sets `auth` before routing. */
export type RouterState = AuthState<unknown>;

/** Where operations are registered: the app's `RouteGroups` (or a plain @koa/router). */
export interface RouteRegistry {
  register(
    path: string,
    methods: string[],
    middleware: Middleware<RouterState>[],
    options: { name: string },
  ): unknown;
}

export interface MountOptions<O extends Operation, Auth> {
  /** Path prefix, e.g. `/api/v1`. */
  prefix: string;
  operations: readonly O[];
  handlers: Readonly<Record<string, AnyHandler | undefined>>;
  /** Runs after the route matched and before the body is read (scope checks). */
  authorize?: (operation: O) => Middleware<AuthState<Auth>> | undefined;
  /** Runs after the body is read, right before the handler (idempotency keys of writes). */
  beforeHandler?: (operation: O) => Middleware<AuthState<Auth>> | undefined;
  bodyLimitBytes?: number;
}

/**
 * Registers every operation on the router: authorize, read the JSON body, validate each part
 * with validators compiled here once, call the handler, shape the response. An operation
 * without a handler, or a handler for no operation, is a wiring bug found when the app is built.
 */
export function mountOperations<O extends Operation, Auth>(
  router: RouteRegistry,
  options: MountOptions<O, Auth>,
): void {
  const known = new Set(options.operations.map((operation) => operation.operationId));
  for (const operationId of Object.keys(options.handlers)) {
    if (!known.has(operationId)) {
      throw new Error(`A handler is registered for unknown operation '${operationId}'`);
    }
  }
  const body = jsonBody(options.bodyLimitBytes);
  for (const operation of options.operations) {
    const handler = options.handlers[operation.operationId];
    if (!handler) throw new Error(`No handler for operation '${operation.operationId}'`);
    const stack: Middleware<RouterState>[] = [];
    const authorize = options.authorize?.(operation);
    // The prefix's authentication middleware has set `auth` to this mount's principal type.
    if (authorize) stack.push(authorize as Middleware<RouterState>);
    if (operation.body) stack.push(body);
    const beforeHandler = options.beforeHandler?.(operation);
    if (beforeHandler) stack.push(beforeHandler as Middleware<RouterState>);
    stack.push(handle(operation, handler));
    const path = options.prefix + operation.path.replace(/\{(\w+)\}/g, ':$1');
    router.register(path, [operation.method.toUpperCase()], stack, { name: operation.operationId });
  }
}

function handle(operation: Operation, handler: AnyHandler): Middleware<RouterState> {
  const validate = {
    params: operation.params && compileTextPart('path', operation.params),
    query: operation.query && compileTextPart('query', operation.query),
    body: operation.body && compileBody(operation.body),
  };
  const ids = {
    params: idNormaliser(operation.params),
    query: idNormaliser(operation.query),
    body: idNormaliser(operation.body),
  };
  return async (ctx: ParameterizedContext<RouterState>) => {
    const request = {
      params: validate.params ? validate.params(ids.params({ ...ctx.params })) : undefined,
      query: validate.query ? validate.query(ids.query({ ...ctx.query })) : undefined,
      body: validate.body ? validate.body(ids.body(ctx.request.body)) : undefined,
      auth: ctx.state.auth,
      requestId: ctx.state.requestId,
      ctx,
    };
    const result = await handler(request);
    ctx.status = result.status ?? operation.successStatus;
    if (result.headers) ctx.set(result.headers);
    if (ctx.status === 201 && !ctx.response.get('Location')) {
      const location = createdLocation(operation, request.params, result.body);
      if (location !== undefined) ctx.set('Location', location);
    }
    // A GET of a resource the caller holds at its ETag answers 304: `conditionalGet` decides
    // that, once it knows which encoding, and so which entity tag, the answer has.
    if (result.body instanceof SerializedJson) {
      ctx.type = 'application/json';
      ctx.body = result.body.text;
    } else {
      ctx.body = result.body;
    }
  };
}

function compileBody(schema: NonNullable<Operation['body']>): PartValidator {
  const validate = compileBodyPart(schema);
  return (value) => {
    if (value === undefined) {
      throw new ApiError('VALIDATION_FAILED', {
        message: 'A JSON request body is required',
        details: [{ location: 'body', field: '/', message: 'is required' }],
      });
    }
    return validate(value);
  };
}
