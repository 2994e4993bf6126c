import type { TSchema } from 'typebox';

/** Returns the value with every id the schema declares in lower case; never mutates it. */
export type IdNormaliser = (value: unknown) => unknown;

const unchanged: IdNormaliser = (value) => value;

/**
 * One rule for ids on every route: a UUID is read case-insensitively (RFC 9562 §4) and used in
 * lower case, the form every id is issued and stored in. Without it an upper-case id found its
 * row (Postgres compares uuid values) but not its stream (`product-<id>` compares text), so GET
 * answered 200 and PATCH/DELETE 404, and some writes recorded the upper-case form. Applied to
 * path, query and body values whose schema says `format: uuid` (in objects, arrays and unions),
 * before they are validated.
 */
export function idNormaliser(schema: TSchema | undefined): IdNormaliser {
  return (schema && normaliserOf(schema)) ?? unchanged;
}

interface SchemaShape {
  format?: unknown;
  properties?: Record<string, TSchema>;
  items?: TSchema;
  anyOf?: TSchema[];
}

function normaliserOf(schema: TSchema): IdNormaliser | undefined {
  const { format, properties, items, anyOf } = schema as SchemaShape;
  if (format === 'uuid') {
    return (value) => (typeof value === 'string' ? value.toLowerCase() : value);
  }
  if (anyOf) {
    const branches = anyOf.map(normaliserOf).filter((branch) => branch !== undefined);
    if (branches.length === 0) return undefined;
    return (value) => branches.reduce((current, branch) => branch(current), value);
  }
  if (items) {
    const item = normaliserOf(items);
    return item && ((value) => (Array.isArray(value) ? value.map(item) : value));
  }
  if (properties) {
    const fields = Object.entries(properties).flatMap(([name, property]) => {
      const field = normaliserOf(property);
      return field ? [[name, field] as const] : [];
    });
    if (fields.length === 0) return undefined;
    return (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const copy = { ...(value as Record<string, unknown>) };
      for (const [name, field] of fields) if (name in copy) copy[name] = field(copy[name]);
      return copy;
    };
  }
  return undefined;
}
