import { IsArray, IsCyclic, IsObject, IsRef } from 'typebox';
import type { TSchema } from 'typebox';
import { Clone, Default } from 'typebox/value';

/** Gives a body its defaults, in place, and returns it (TypeBox's `Default`). */
export type ApplyDefaults = (value: unknown) => unknown;

type Schema = Record<string, unknown>;

/**
 * A body's defaults applied as TypeBox's `Default` applies them (a missing property gets its
 * `default`, the value is changed in place), compiled once per schema. TypeBox's walks the
 * whole body at every request, and tries each branch of every union on a copy with a check that
 * is not compiled; a bulk call's 100 records spent 7% of the API's time there (issue 24's
 * profile), though only three image fields of a record have a default. This skips every part
 * of the schema with no default in it, and leaves to TypeBox's `Default` the parts it does not
 * plan (a union, a record or an intersect with a default inside). Undefined for a schema with a
 * reference or a cyclic type, which `Default` needs its validator's context to follow.
 */
export function compileDefaults(schema: TSchema): ApplyDefaults | undefined {
  if (someSchema(schema as Schema, (part) => IsRef(part) || IsCyclic(part))) return undefined;
  return plan(schema as Schema) ?? ((value) => value);
}

/** What `FromType` does with a value of `schema`; undefined where that leaves it as it is. */
function plan(schema: Schema): ApplyDefaults | undefined {
  const inner = planInner(schema);
  if (!Object.hasOwn(schema, 'default')) return inner;
  const fallback = schema.default;
  return (value) => {
    const defaulted = value === undefined ? defaultOf(fallback) : value;
    return inner ? inner(defaulted) : defaulted;
  };
}

function defaultOf(fallback: unknown): unknown {
  return typeof fallback === 'function' ? (fallback as () => unknown)() : Clone(fallback);
}

/** The schema's parts below its own `default`. */
function planInner(schema: Schema): ApplyDefaults | undefined {
  if (
    !children(schema).some((child) => someSchema(child, (part) => Object.hasOwn(part, 'default')))
  )
    return undefined;
  if (IsArray(schema)) {
    const item = plan(schema.items as Schema);
    if (!item) return undefined;
    return (value) => {
      if (!Array.isArray(value)) return value;
      const items = value as unknown[];
      for (let i = 0; i < items.length; i++) items[i] = item(items[i]);
      return items;
    };
  }
  if (IsObject(schema) && !isSchema(schema.additionalProperties)) {
    const properties = schema.properties as Record<string, Schema>;
    const planned = Object.getOwnPropertyNames(properties).flatMap((key) => {
      const apply = plan(properties[key]!);
      return apply ? [{ key, apply }] : [];
    });
    return (value) => {
      if (typeof value !== 'object' || value === null) return value;
      const record = value as Record<string, unknown>;
      for (const { key, apply } of planned) {
        // Left out, as `FromObject` leaves it, when no default gave it a value.
        const result = apply(record[key]);
        if (result !== undefined) record[key] = result;
      }
      return value;
    };
  }
  // Its own default is given already (`plan`): `Default` leaves a value that is not undefined.
  return (value) => Default(schema as TSchema, value);
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The subschemas of `schema` (JSON Schema's applicator keywords). */
function children(schema: Schema): Schema[] {
  const found: unknown[] = [];
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']) {
    found.push(schema[key]);
  }
  for (const key of ['anyOf', 'allOf', 'oneOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) found.push(...(list as unknown[]));
  }
  for (const key of ['properties', 'patternProperties', '$defs', 'dependentSchemas']) {
    const map = schema[key];
    if (isSchema(map)) found.push(...Object.values(map));
  }
  return found.filter(isSchema);
}

/** Whether `test` holds for `schema` or any schema inside it. */
function someSchema(schema: Schema, test: (schema: Schema) => boolean): boolean {
  return test(schema) || children(schema).some((child) => someSchema(child, test));
}
