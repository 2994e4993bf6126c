/**
 * What a Server-Sent Events operation adds to the OpenAPI document: its `text/event-stream`
 * answer (OpenAPI 3.1 cannot give the schema of each event, so the data's schema travels as
 * `x-event-data` beside a text example) and the `Last-Event-ID` header it resumes from.
 */
import type { TSchema } from 'typebox';
import { lastEventIdHeader } from '../events-feed/requests';
import { exampleOf } from '../primitives';
import type { RouteDefinition } from '../routes';
import type { JsonSchema, SchemaComponents } from './json-schema';

export const eventStreamParameterComponents: Record<string, JsonSchema> = {
  LastEventId: {
    name: lastEventIdHeader,
    in: 'header',
    required: false,
    description:
      'The `id:` of the last event received: the stream goes on with the event after it. Browsers’ `EventSource` sends it when it reconnects. It wins over `cursor`; an id the brand’s feed never gave answers 400 `VALIDATION_FAILED`.',
    schema: { type: 'string', maxLength: 512 },
    example: 'msg_2Kq8c7Q1mW3xV9bN0pL5tY4rZ6a',
  },
};

export function eventStreamParameters(route: RouteDefinition): JsonSchema[] {
  return route.eventStream ? [{ $ref: '#/components/parameters/LastEventId' }] : [];
}

export function eventStreamContent(data: TSchema, components: SchemaComponents): JsonSchema {
  const example = exampleOf(data) as { type: string };
  return {
    'text/event-stream': {
      schema: {
        type: 'string',
        description:
          'Server-Sent Events: `id:` the event’s id, `event:` its type, `data:` its webhook body as one line of JSON (schema in `x-event-data`); `: ping` comments keep an idle stream open.',
      },
      'x-event-data': eventDataSchema(data, components),
      example: `id: msg_2Kq8c7Q1mW3xV9bN0pL5tY4rZ6a\nevent: ${example.type}\ndata: ${JSON.stringify(example)}\n\n: ping\n\n`,
    },
  };
}

/**
 * The schema of one event's data. A union is spelled out as its members' references: a
 * reference to the union itself from an extension would leave its component unused in the
 * eyes of OpenAPI tools (they do not follow `x-` properties).
 */
export function eventDataSchema(data: TSchema, components: SchemaComponents): JsonSchema {
  const members = (data as { anyOf?: TSchema[] }).anyOf;
  return members === undefined
    ? components.reference(data)
    : { anyOf: members.map((member) => components.reference(member)) };
}
