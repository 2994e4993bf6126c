import { Type, type TProperties } from 'typebox';

/**
 * A domain event schema: `{ type, schemaVersion, data }`, the shape deciders return and the
 * event store keeps (metadata travels beside it). The `$id` carries the version so two
 * versions of one event can live side by side while old ones are upcast on read.
 */
export function defineEvent<const EventType extends string, const Data extends TProperties>(
  type: EventType,
  description: string,
  data: Data,
) {
  return Type.Object(
    {
      type: Type.Literal(type),
      schemaVersion: Type.Literal(1),
      data: Type.Object(data, { additionalProperties: false }),
    },
    { $id: `${type}.v1`, title: type, description, additionalProperties: false },
  );
}

/**
 * The `changes` of an *Updated event: only the fields that changed, with their new values.
 * An absent field is unchanged; `null` clears a nullable field. Never empty.
 */
export function changesOf<const Fields extends TProperties>(fields: Fields) {
  return Type.Partial(Type.Object(fields), { minProperties: 1, additionalProperties: false });
}
