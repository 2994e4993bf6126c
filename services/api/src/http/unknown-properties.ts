import type { TSchema } from 'typebox';

/** Where in a request a value came from. */
export type RequestPart = 'path' | 'query' | 'body';

/**
 * Names clients often bring from other APIs, and the name this API uses for the same thing:
 * lists page with `cursor` (catalogue) or `after` (members, groups, posts), and size with `limit`.
 */
const synonyms: Readonly<Record<string, readonly string[]>> = {
  cursor: ['after'],
  after: ['cursor'],
  startingafter: ['after', 'cursor'],
  page: ['after', 'cursor'],
  pagesize: ['limit'],
  perpage: ['limit'],
  size: ['limit'],
  count: ['limit'],
};

/**
 * "is not allowed; did you mean `after`? The parameters are limit, after, group_id": an
 * unknown property named with what the object takes (from `schema` at the error's schema
 * path) and the closest of those names, if one is close.
 */
export function unknownPropertyMessage(
  location: RequestPart,
  property: string,
  schema: TSchema | undefined,
  schemaPath: string,
): string {
  const known = propertiesAt(schema, schemaPath);
  if (known.length === 0) return 'is not allowed';
  const suggestion = closest(property, known);
  const kind = location === 'body' ? 'fields' : 'parameters';
  return `is not allowed; ${suggestion === undefined ? '' : `did you mean \`${suggestion}\`? `}the ${kind} are ${known.join(', ')}`;
}

/** The property names of the object schema at a validation error's `schemaPath` (`#/properties/badge/anyOf/0`). */
function propertiesAt(schema: TSchema | undefined, schemaPath: string): string[] {
  let node: unknown = schema;
  for (const token of schemaPath.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return [];
    node = (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const properties = (node as { properties?: unknown } | undefined)?.properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

/** Case, `_` and `-` aside: `groupId`, `group-id` and `GROUP_ID` are `groupid`. */
const normalise = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/**
 * The known name the client most likely meant: the same name spelt another way, a known
 * synonym, or a near miss (at most a third of its letters off).
 */
export function closest(property: string, known: readonly string[]): string | undefined {
  const wanted = normalise(property);
  const same = known.find((name) => normalise(name) === wanted);
  if (same !== undefined) return same;
  const synonym = synonyms[wanted]?.find((name) => known.includes(name));
  if (synonym !== undefined) return synonym;
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(wanted, normalise(name));
    if (
      distance <= Math.max(1, Math.floor(wanted.length / 3)) &&
      distance < (best?.distance ?? Infinity)
    ) {
      best = { name, distance };
    }
  }
  return best?.name;
}

/**
 * Levenshtein distance. Written here (twelve lines) because the libraries in our lockfile that
 * do it are only there as other packages' dependencies, and adding one needs a lockfile change.
 */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
