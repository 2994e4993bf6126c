import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { RouteRegistry, RouterState } from './mount-operations';

/**
 * The app's routes, grouped by the first segments of their paths (`/api/v1/brand-products`),
 * one @koa/router per group. @koa/router tests every route's regular expression on every
 * request; grouped, one map lookup finds the group and a request is tested against its few
 * routes only, not every route of the app.
 *
 * Matching is case-sensitive, as paths are (RFC 3986). It has to be: authentication is chosen
 * by exact path prefix before routing, so a router that also matched `/ADMIN/v1/brands` would
 * run an operator route that no authentication had guarded.
 */
export class RouteGroups implements RouteRegistry {
  private readonly routers = new Map<string, Router<RouterState>>();
  private readonly dispatchers = new Map<string, Middleware<RouterState>>();

  constructor(
    /** How many leading path segments name a group; each must be literal in every route. */
    private readonly depth = 3,
  ) {}

  register(
    path: string,
    methods: string[],
    middleware: Middleware<RouterState>[],
    options: { name: string },
  ): void {
    const key = groupOf(path, this.depth);
    if (key === undefined || key.includes(':')) {
      throw new Error(`Route ${path}: its first ${this.depth} path segments must be literal`);
    }
    let router = this.routers.get(key);
    if (!router) {
      router = new Router<RouterState>({ exclusive: 'specificity', sensitive: true });
      this.routers.set(key, router);
      this.dispatchers.set(key, router.routes() as Middleware<RouterState>);
    }
    router.register(path, methods, middleware, options);
  }

  /** Dispatches to the request's group; a path in no group is left unmatched, as a router would. */
  routes(): Middleware<RouterState> {
    return (ctx, next) => {
      const key = groupOf(ctx.path, this.depth);
      const dispatch = key === undefined ? undefined : this.dispatchers.get(key);
      if (dispatch) return dispatch(ctx, next) as Promise<unknown>;
      (ctx as { matched?: unknown[] }).matched = [];
      return next();
    };
  }

  /** 405 with `Allow` and 501 for unknown methods, from the routes the path matched. */
  allowedMethods(): Middleware<RouterState> {
    return new Router<RouterState>().allowedMethods() as Middleware<RouterState>;
  }
}

/** `/api/v1/brand-products/42` → `/api/v1/brand-products`; undefined when shorter than depth. */
function groupOf(path: string, depth: number): string | undefined {
  let end = 0;
  for (let segment = 0; segment < depth; segment += 1) {
    if (path.charCodeAt(end) !== 47 /* '/' */) return undefined;
    const slash = path.indexOf('/', end + 1);
    end = slash === -1 ? path.length : slash;
    if (slash === -1 && segment < depth - 1) return undefined;
  }
  return path.slice(0, end);
}
