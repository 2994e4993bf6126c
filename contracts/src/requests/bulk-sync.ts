import { Type, type TSchema } from 'typebox';
import { attachExample, exampleOf, StoreId } from '../primitives';

export const BULK_RECORDS_MAX = 100;

/**
 * The body of a bulk sync, the same for products and variants: records to create or
 * update by store id and store ids to delete, at most {@link BULK_RECORDS_MAX} of each.
 */
export function bulkSyncBody<Record extends TSchema>(
  record: Record,
  texts: {
    $id: string;
    title: string;
    /** What `upsertRecords` holds. */
    upserts: string;
    /** What `deleteRecords` names. */
    deletes: string;
    /** A store id the example deletes. */
    deletedStoreId: string;
  },
) {
  const body = Type.Object(
    {
      upsertRecords: Type.Optional(
        Type.Array(record, { maxItems: BULK_RECORDS_MAX, description: texts.upserts }),
      ),
      deleteRecords: Type.Optional(
        Type.Array(StoreId(), {
          maxItems: BULK_RECORDS_MAX,
          uniqueItems: true,
          description: texts.deletes,
        }),
      ),
    },
    {
      $id: texts.$id,
      title: texts.title,
      description: `At most ${BULK_RECORDS_MAX} records per list; the whole body is validated before anything is written.`,
      minProperties: 1,
      additionalProperties: false,
    },
  );
  return attachExample(body, {
    upsertRecords: [exampleOf(record)],
    deleteRecords: [texts.deletedStoreId],
  });
}
