/**
 * Query strings arrive as text. `Value.Convert` is lenient in ways an API must not be: it turns
 * `limit=1.5` into 1, `limit=true` into 1 and `limit=0x10` into 16. This converts only exact
 * spellings (integers, decimals, `true`/`false`) and leaves anything else as the string it was,
 * so the validator refuses it and names the field; then it fills in schema defaults.
 */
import type { TObject } from 'typebox';

export type RawQuery = Record<string, string | string[] | undefined>;

/** Converts one parsed query string (or path parameters) to the values its schema checks. */
export type QueryCoercion = (raw: RawQuery) => Record<string, unknown>;

const integerText = /^-?(?:0|[1-9][0-9]*)$/;
const numberText = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

interface PropertySchema {
  type?: unknown;
  default?: unknown;
}

/**
 * Prepares the conversion for one schema once, so a request only walks its own parameters.
 *
 * Defaults are filled for absent top-level properties only. That is all `Value.Default` would
 * do here: a query string's values are strings or arrays of strings, never objects whose
 * nested properties could take defaults (a unit test compares both on every route's query).
 */
export function compileQueryCoercion(schema: TObject): QueryCoercion {
  const properties = schema.properties as Record<string, PropertySchema | undefined>;
  const types = new Map(
    Object.entries(properties).map(([name, property]) => [name, property?.type]),
  );
  const defaults = Object.entries(properties).flatMap(([name, property]) =>
    property?.default === undefined ? [] : [[name, property.default] as const],
  );
  return (raw) => {
    const result: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(raw)) {
      if (value === undefined) continue;
      const coerced = typeof value === 'string' ? coerce(types.get(name), value) : value;
      if (name === '__proto__') {
        // An own property, not the prototype: validation sees it and refuses it by name.
        Object.defineProperty(result, name, { value: coerced, enumerable: true, writable: true });
      } else {
        result[name] = coerced;
      }
    }
    for (const [name, value] of defaults) {
      if (!Object.hasOwn(result, name)) result[name] = copyOf(value);
    }
    return result;
  };
}

export function coerceQuery(schema: TObject, raw: RawQuery): Record<string, unknown> {
  return compileQueryCoercion(schema)(raw);
}

function coerce(type: unknown, text: string): unknown {
  if (type === 'integer' && integerText.test(text)) return Number(text);
  if (type === 'number' && numberText.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** A default is never shared between requests: a handler may change what it was given. */
function copyOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}
