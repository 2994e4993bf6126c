import type { Operation } from './operation';

/**
 * The `Location` of a 201: the created resource's URL from its operation's template, each
 * `{name}` being the request's path parameter of that name or else the answer's `data.name`.
 * Undefined when the operation names no template or the answer lacks a value (a wiring bug the
 * Location spec finds, since it runs every 201 of the route tables).
 */
export function createdLocation(
  operation: Operation,
  params: unknown,
  body: unknown,
): string | undefined {
  const template = operation.location;
  if (template === undefined) return undefined;
  const fromParams = (params ?? {}) as Record<string, unknown>;
  const data = ((body as { data?: unknown } | undefined)?.data ?? {}) as Record<string, unknown>;
  let complete = true;
  const url = template.replace(/\{(\w+)\}/g, (_placeholder, name: string) => {
    const value = fromParams[name] ?? data[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      complete = false;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return complete ? url : undefined;
}
