/**
 * Every example in the OpenAPI document validates against the schema it illustrates, as the
 * document states it (component references resolved), not as the TypeBox source states it.
 */
import { Compile } from 'typebox/compile';
import { buildOpenApi } from './openapi';
import type { JsonSchema, JsonValue } from './openapi/json-schema';

const doc = buildOpenApi() as unknown as {
  paths: Record<string, Record<string, JsonSchema>>;
  webhooks: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; examples: Record<string, JsonSchema> };
};

/** Inlines `#/components/...` references; the document has no cycles. */
function resolve(node: JsonValue): JsonValue {
  if (Array.isArray(node)) return node.map(resolve);
  if (node === null || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const [, , section, name] = ref.split('/');
    const target = (doc.components as Record<string, Record<string, JsonSchema>>)[section!]?.[
      name!
    ];
    if (target === undefined) throw new Error(`Unresolved ${ref}`);
    return resolve(target);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value)]));
}

interface Case {
  where: string;
  schema: JsonValue;
  example: JsonValue;
}

/** Media type `example`/`examples` and parameter `example` of every operation and webhook. */
function operationCases(): Case[] {
  const cases: Case[] = [];
  const operations = [...Object.entries(doc.paths), ...Object.entries(doc.webhooks)].flatMap(
    ([path, item]) =>
      Object.entries(item).map(([method, op]) => [`${method} ${path}`, op] as const),
  );
  for (const [where, op] of operations) {
    for (const shared of (op.parameters ?? []) as JsonSchema[]) {
      // Header parameters are shared components, referenced by each operation.
      const parameter = resolve(shared) as JsonSchema & { name: string };
      if (parameter.example === undefined)
        throw new Error(`${where} ${parameter.name} has no example`);
      cases.push({
        where: `${where} ${parameter.name}`,
        schema: parameter.schema!,
        example: parameter.example,
      });
    }
    const media = [
      ['request', (op.requestBody as JsonSchema | undefined)?.content],
      ...Object.entries((op.responses ?? {}) as Record<string, JsonSchema>).map(
        ([status, response]) => [status, response.content] as const,
      ),
    ] as const;
    for (const [part, content] of media) {
      if (content === undefined) continue;
      const stream = (content as Record<string, JsonSchema>)['text/event-stream'];
      if (stream !== undefined) {
        // Each `data:` line of a Server-Sent Events example is one value of `x-event-data`.
        const lines = (stream.example as string).split('\n');
        const data = lines.filter((line) => line.startsWith('data: '));
        if (data.length === 0) throw new Error(`${where} ${part} has no event example`);
        data.forEach((line, i) =>
          cases.push({
            where: `${where} ${part} event ${i}`,
            schema: stream['x-event-data']!,
            example: JSON.parse(line.slice('data: '.length)) as JsonValue,
          }),
        );
        continue;
      }
      const { schema, example, examples } = (content as Record<string, JsonSchema>)[
        'application/json'
      ]!;
      if (example === undefined && examples === undefined)
        throw new Error(`${where} ${part} has no example`);
      if (example !== undefined)
        cases.push({ where: `${where} ${part}`, schema: schema!, example });
      for (const [name, named] of Object.entries((examples ?? {}) as Record<string, JsonValue>)) {
        const value = (resolve(named) as JsonSchema).value!;
        cases.push({ where: `${where} ${part} ${name}`, schema: schema!, example: value });
      }
    }
  }
  return cases;
}

/** `examples` arrays of every component schema and of any schema nested in one. */
function schemaCases(): Case[] {
  const cases: Case[] = [];
  const visit = (node: JsonValue, where: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`));
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node.examples)) {
      node.examples.forEach((example, i) =>
        cases.push({ where: `${where} examples/${i}`, schema: node, example }),
      );
    }
    for (const [key, value] of Object.entries(node))
      if (key !== 'examples') visit(value, `${where}/${key}`);
  };
  for (const [name, schema] of Object.entries(doc.components.schemas)) visit(schema, name);
  return cases;
}

const check = (schema: JsonValue, value: JsonValue) =>
  Compile(resolve(schema) as Parameters<typeof Compile>[0]).Check(value);

describe('OpenAPI examples', () => {
  const operationExamples = operationCases();
  const schemaExamples = schemaCases();

  it('exist for every parameter, request body and response', () => {
    // 22 operations and 5 webhooks; the count guards against the walk silently finding nothing.
    expect(operationExamples.length).toBeGreaterThan(150);
    expect(schemaExamples.length).toBeGreaterThan(30);
  });

  it.each(operationExamples.map((c) => [c.where, c] as const))('%s', (_, { schema, example }) => {
    expect(check(schema, example)).toBe(true);
  });

  it.each(schemaExamples.map((c) => [c.where, c] as const))('%s', (_, { schema, example }) => {
    expect(check(schema, example)).toBe(true);
  });

  it('would notice a wrong example', () => {
    const { schema, example } = operationExamples.find(
      (c) => c.where === 'post /brand-products request',
    )!;
    expect(check(schema, { ...(example as JsonSchema), imageWidth: 'wide' })).toBe(false);
    expect(check(schema, { ...(example as JsonSchema), unknownField: 1 })).toBe(false);
  });
});
