import { Type, type Static, type TSchema } from 'typebox';
import { attachExample, exampled, exampleOf, StoreId } from '../primitives';

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

const count = (description: string) => Type.Integer({ minimum: 0, description });

/**
 * The answer of a bulk sync: `success` as before, and what the call did with each record. An
 * upsert that changes nothing is `unchanged` (no event, no webhook); a store id to delete that
 * the brand does not have is `notFound` (already gone: not an error).
 */
export const BulkSyncResponse = exampled(
  Type.Object(
    {
      success: Type.Literal(true),
      created: count('Upserted records whose store id was new.'),
      updated: count('Upserted records that changed an existing resource.'),
      unchanged: count('Upserted records equal to the resource as it was.'),
      deleted: count('Store ids of deleteRecords whose resource was deleted.'),
      notFound: count('Store ids of deleteRecords the brand does not have (nothing to delete).'),
    },
    {
      $id: 'BulkSyncResponse',
      title: 'Bulk sync result',
      description: 'What a bulk call did: every record is counted once.',
      additionalProperties: false,
    },
  ),
  { success: true, created: 1, updated: 0, unchanged: 0, deleted: 0, notFound: 1 },
);
export type BulkSyncResponse = Static<typeof BulkSyncResponse>;

/** The counts of a {@link BulkSyncResponse}. */
export type BulkSyncCounts = Omit<BulkSyncResponse, 'success'>;
