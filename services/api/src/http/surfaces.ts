import type { Middleware, ParameterizedContext } from 'koa';

type Step = (ctx: ParameterizedContext, next: () => Promise<unknown>) => Promise<unknown>;

/** An API surface: the requests whose path is `prefix` or starts with `prefix/`. */
export interface Surface {
  prefix: string;
  /** What runs before routing for this surface only (its authentication, its documents). */
  middleware: readonly Middleware[];
}

/**
 * Runs, before routing, only the middleware of the surface a request belongs to: a Brand API
 * call passes through API-key authentication and never through the operator's token check,
 * the health probes or a document, and a probe through none of them. `paths` are single paths
 * served here in full, before any surface (`/healthz`, the public OpenAPI documents): one map
 * lookup, then one prefix test per surface, replace a hop through every surface's middleware.
 * A request in no surface goes on to routing, which answers 404.
 *
 * Prefixes are matched exactly and case-sensitively, as routes are (see RouteGroups): a
 * surface's authentication guards every path its routes can match.
 */
export function surfaces(
  list: readonly Surface[],
  paths: Readonly<Record<string, Middleware>> = {},
): Middleware {
  const chains = list.map(({ prefix, middleware }) => ({ prefix, run: chain(middleware) }));
  const single = new Map(Object.entries(paths).map(([path, serve]) => [path, serve as Step]));
  const toSurface: Step = (ctx, next) => {
    const path = ctx.path;
    for (const { prefix, run } of chains) {
      if (
        path.startsWith(prefix) &&
        (path.length === prefix.length || path[prefix.length] === '/')
      ) {
        return run(ctx, next);
      }
    }
    return next();
  };
  return (ctx, next) => {
    const serve = single.get(ctx.path);
    // A single path it does not answer (another method) goes on through its surface.
    return serve ? serve(ctx, () => toSurface(ctx, next)) : toSurface(ctx, next);
  };
}

/** The middleware in order, then `next`: koa-compose for a list fixed at start-up. */
function chain(middleware: readonly Middleware[]): Step {
  return middleware.reduceRight<Step>(
    (rest, current) => (ctx, next) => (current as Step)(ctx, () => rest(ctx, next)),
    (_ctx, next) => next(),
  );
}
