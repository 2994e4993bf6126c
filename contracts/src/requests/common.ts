/**
 * Shapes shared by every operation: path id, pagination, and the `{ data }`, list and
 * `{ success: true }` envelopes (our choice where the product leaves the answer of a call unspecified).
 */
import {
  Type,
  type Static,
  type TObject,
  type TOptional,
  type TProperties,
  type TSchema,
} from 'typebox';
import { attachExample, DateTime, exampled, exampleOf, Nullable, Uuid } from '../primitives';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export const IdParams = Type.Object(
  { id: Uuid({ description: 'Resource id.', examples: ['9b2f4c6e-1a3d-4e5f-8a7b-6c5d4e3f2a1b'] }) },
  { additionalProperties: false },
);
export type IdParams = Static<typeof IdParams>;

/** Query parameters arrive as strings; the API converts them and applies defaults first. */
export const Limit = () =>
  Type.Integer({
    minimum: 1,
    maximum: PAGE_SIZE_MAX,
    default: PAGE_SIZE_DEFAULT,
    description: `Page size, 1 to ${PAGE_SIZE_MAX} (default ${PAGE_SIZE_DEFAULT}).`,
    examples: [20],
  });

/** An opaque cursor: pass back the `nextCursor` of the previous page. */
export const Cursor = (description = 'Cursor from the `nextCursor` of the previous page.') =>
  Type.String({
    minLength: 1,
    maxLength: 512,
    description,
    examples: ['eyJrIjoiMjAyNS0wMy0wMSJ9'],
  });

export const UpdatedAfter = () =>
  DateTime({
    description: 'Only resources updated strictly after this instant.',
    examples: ['2025-03-01T00:00:00Z'],
  });

/** The page size and the cursor of a list call's query. */
type PageProperties<CursorName extends string> = { limit: ReturnType<typeof Limit> } & Record<
  CursorName,
  TOptional<ReturnType<typeof Cursor>>
>;

/**
 * The query of a list call: the page size, the cursor (named `cursor` or `after`, as the product
 * names it for that call), then the call's own filters; nothing else is accepted. (`NoInfer`: with
 * no filters given, `Filters` stays empty rather than taking the type the call site expects.)
 */
export function PageQuery<
  const CursorName extends 'cursor' | 'after',
  const Filters extends TProperties = Record<never, never>,
>(
  cursorName: CursorName,
  filters?: Filters,
): TObject<PageProperties<CursorName> & NoInfer<Filters>> {
  const page = {
    limit: Limit(),
    [cursorName]: Type.Optional(Cursor()),
  } as PageProperties<CursorName>;
  return Type.Object({ ...page, ...(filters as Filters) }, { additionalProperties: false });
}

/** The body of a call that changes some fields of a resource: any of them, but at least one. */
export function ChangesBody<const Fields extends TProperties>(fields: Fields) {
  return Type.Partial(Type.Object(fields), { additionalProperties: false, minProperties: 1 });
}

/** `{ data }`, the answer of every single-object call. */
export function DataResponse<T extends TSchema>(entity: T, $id: string) {
  return attachExample(
    Type.Object(
      { data: entity },
      { $id, title: $id, description: `A ${title(entity)}.`, additionalProperties: false },
    ),
    { data: exampleOf(entity) },
  );
}

/** `{ hasMore, data, nextCursor }`, the answer of every list call. */
export function ListResponse<T extends TSchema>(entity: T, $id: string) {
  return attachExample(
    Type.Object(
      {
        hasMore: Type.Boolean({ description: 'True when another page follows.' }),
        data: Type.Array(entity),
        nextCursor: Nullable(
          Type.String({
            description: 'Pass as the cursor of the next call; null on the last page.',
          }),
        ),
      },
      {
        $id,
        title: $id,
        description: `A page of ${title(entity)} objects, in a stable order.`,
        additionalProperties: false,
      },
    ),
    { hasMore: true, data: [exampleOf(entity)], nextCursor: 'eyJrIjoiMjAyNS0wMy0wMSJ9' },
  );
}

export const SuccessResponse = exampled(
  Type.Object(
    { success: Type.Literal(true) },
    {
      $id: 'SuccessResponse',
      title: 'Success',
      description: 'The answer of deletes and bulk calls.',
      additionalProperties: false,
    },
  ),
  { success: true },
);
export type SuccessResponse = Static<typeof SuccessResponse>;

function title(schema: TSchema): string {
  const { title: name } = schema as { title?: string };
  return (name ?? 'resource').toLowerCase();
}
