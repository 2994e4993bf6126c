/**
 * Turns TypeBox schemas into OpenAPI 3.1 schemas. Every sub-schema carrying an `$id` becomes a
 * named component referenced with `$ref`, so the document names the same things the code does.
 * The `$id` itself is dropped from the component: inside a document it would change the base
 * URI that its nested `$ref`s resolve against.
 */
import type { TSchema } from 'typebox';

export type JsonSchema = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonSchema;

export const componentRef = (name: string) => `#/components/schemas/${name}`;

export class SchemaComponents {
  private readonly schemas = new Map<string, JsonSchema>();
  /** Serialised form of each component, to catch two different schemas under one `$id`. */
  private readonly fingerprints = new Map<string, string>();

  /** The OpenAPI form of a schema: a `$ref` when it is named, inline otherwise. */
  reference(schema: TSchema): JsonSchema {
    return this.convert(toJson(schema));
  }

  /** Components in name order, for a stable document. */
  all(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.schemas.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  private convert(node: JsonSchema): JsonSchema {
    const { $id, ...rest } = node;
    const body = this.convertChildren(rest);
    if (typeof $id !== 'string') return body;
    const fingerprint = JSON.stringify(body);
    const known = this.fingerprints.get($id);
    if (known !== undefined && known !== fingerprint) {
      throw new Error(`Two different schemas share the $id ${$id}`);
    }
    this.fingerprints.set($id, fingerprint);
    this.schemas.set($id, body);
    return { $ref: componentRef($id) };
  }

  private convertChildren(node: JsonSchema): JsonSchema {
    const result: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      result[key] = isSchemaContainer(key) ? this.convertValue(value, key) : value;
    }
    // Enums of strings render with their type in every viewer; TypeBox leaves it out.
    if (Array.isArray(result.enum) && result.type === undefined) {
      if (result.enum.every((item) => typeof item === 'string')) result.type = 'string';
    }
    return result;
  }

  private convertValue(value: JsonValue, key: string): JsonValue {
    if (Array.isArray(value)) {
      return value.map((item) => (isObject(item) ? this.convert(item) : item));
    }
    if (!isObject(value)) return value;
    // `properties` maps names to schemas; the others hold a schema directly.
    if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
      return Object.fromEntries(
        Object.entries(value).map(([name, child]) => [
          name,
          isObject(child) ? this.convert(child) : child,
        ]),
      );
    }
    return this.convert(value);
  }
}

/** Keywords whose values are schemas (or maps or lists of schemas); `examples` is data. */
const schemaKeywords = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'items',
  'prefixItems',
  'additionalProperties',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);

function isSchemaContainer(key: string): boolean {
  return schemaKeywords.has(key);
}

function isObject(value: JsonValue | undefined): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** TypeBox keeps its bookkeeping in non-enumerable keys, so JSON keeps only the schema. */
export function toJson(schema: TSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}
