import type { TObject } from 'typebox';
import type { JsonSchema, JsonValue, SchemaComponents } from './json-schema';

/** Path and query parameters, one per property; a property with a default is optional. */
export function parametersOf(
  schema: TObject,
  location: 'path' | 'query',
  components: SchemaComponents,
): JsonSchema[] {
  const required = new Set<string>(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, examples } = property as { description?: string; examples?: unknown[] };
    const hasDefault = (property as { default?: unknown }).default !== undefined;
    const parameter: JsonSchema = {
      name,
      in: location,
      required: location === 'path' || (required.has(name) && !hasDefault),
      schema: withoutDocs(components.reference(property)),
    };
    if (description !== undefined) parameter.description = description;
    if (examples?.[0] !== undefined) parameter.example = examples[0] as JsonValue;
    return parameter;
  });
}

/** A parameter's description and example sit on the parameter, not repeated in its schema. */
function withoutDocs(schema: JsonSchema): JsonSchema {
  const { description: _description, examples: _examples, ...rest } = schema;
  return rest;
}
