/**
 * Query strings arrive as text. `Value.Convert` is lenient in ways an API must not be: it turns
 * `limit=1.5` into 1, `limit=true` into 1 and `limit=0x10` into 16. This converts only exact
 * spellings (integers, decimals, `true`/`false`) and leaves anything else as the string it was,
 * so the validator refuses it and names the field; then it fills in schema defaults.
 */
import type { TObject } from 'typebox';
import { Value } from 'typebox/value';

export type RawQuery = Record<string, string | string[] | undefined>;

const integerText = /^-?(?:0|[1-9][0-9]*)$/;
const numberText = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

export function coerceQuery(schema: TObject, raw: RawQuery): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const property = (schema.properties as Record<string, { type?: unknown } | undefined>)[name];
    result[name] = typeof value === 'string' ? coerce(property?.type, value) : value;
  }
  return Value.Default(schema, result) as Record<string, unknown>;
}

function coerce(type: unknown, text: string): unknown {
  if (type === 'integer' && integerText.test(text)) return Number(text);
  if (type === 'number' && numberText.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
