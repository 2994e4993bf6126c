import type { BulkSyncCounts } from '@brand-api/contracts';
import { DomainError, claimHolder } from '@brand-api/domain';
import type { DomainProblem, StoreIdKind } from '@brand-api/domain';
import type { DomainEvent, TrackedStream, UnitOfWork } from '@brand-api/event-store';
import { versionAfterCommit } from '../preconditions';
import { loadStoreIdClaim, newStoreIdClaim } from './store-id-claims';
import type { StoreIdClaim } from './store-id-claims';

/**
 * Runs `decide` for one record of a bulk command; a refusal names the record (`upsertRecords`,
 * 3) and its fields within it, so the caller knows which one to fix.
 */
export async function forRecord<T>(
  record: readonly (string | number)[],
  decide: () => Promise<T> | T,
): Promise<T> {
  try {
    return await decide();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw error.within(record);
  }
}

/** A bulk body that names a store id twice, or both upserts and deletes it, is ambiguous. */
export function assertDistinctStoreIds(
  upserts: readonly { storeId: string }[],
  deletes: readonly string[],
): void {
  const problems: DomainProblem[] = [];
  const upserted = new Map<string, number>();
  upserts.forEach((record, index) => {
    const first = upserted.get(record.storeId);
    if (first === undefined) upserted.set(record.storeId, index);
    else {
      problems.push({
        path: ['upsertRecords', index, 'storeId'],
        message: `repeats the store id of /upsertRecords/${first}`,
      });
    }
  });
  deletes.forEach((storeId, index) => {
    const upsertIndex = upserted.get(storeId);
    if (upsertIndex !== undefined) {
      problems.push({
        path: ['deleteRecords', index],
        message: `is also upserted by /upsertRecords/${upsertIndex}`,
      });
    }
  });
  if (problems.length > 0) {
    throw new DomainError('invalid', {
      message: 'Each store id may appear only once in a bulk call',
      problems,
    });
  }
}

/** What a bulk sync's upserts did, and what its deletes name. */
export interface UpsertsDone {
  /** Records created, updated and unchanged (deleted and notFound are still 0). */
  counts: BulkSyncCounts;
  /** The holders of the store ids to delete (an unknown store id is already gone). */
  toDelete: string[];
  /** How many store ids the body deletes. */
  deleteCount: number;
}

/**
 * The upserts of a bulk sync of products or variants, by store id. What they decide on is read
 * first, together: the claim of every store id the body deletes (with what `alsoRead` reads, in
 * the same read of the event store), then the streams of the upserted ones' holders. The
 * claims of the upserted store ids are taken as new without reading them, as a create's
 * (`newStoreIdClaim`), unless this process knows them: a body of new products costs no read,
 * and one that names a held store id this process has not seen makes the append conflict, and
 * the engine runs the command again, reading every claim. Then, record by record: a store id
 * no one holds is created on its claim, a held one updates its holder (`write`), counted as
 * unchanged when that leaves its version as it was. A refusal names the record; a body that
 * names a store id twice is refused before anything is read.
 */
export async function syncUpserts<Upsert extends { storeId: string }, C, S, E extends DomainEvent>(
  uow: UnitOfWork,
  kind: StoreIdKind,
  body: { upsertRecords?: Upsert[]; deleteRecords?: string[] },
  steps: {
    load: (holder: string) => Promise<TrackedStream<C, S, E>>;
    /** Creates the record (no holder: on `claim`, its store id's) or updates its holder. */
    write: (
      record: Upsert,
      holder: string | undefined,
      claim: StoreIdClaim,
    ) => Promise<{ version: number }>;
    alsoRead?: (upserts: readonly Upsert[]) => Promise<unknown>;
  },
): Promise<UpsertsDone> {
  const upserts = body.upsertRecords ?? [];
  const deletes = body.deleteRecords ?? [];
  assertDistinctStoreIds(upserts, deletes);
  const [upsertClaims, deleteClaims] = await Promise.all([
    Promise.all(upserts.map((record) => newStoreIdClaim(uow, kind, record.storeId))),
    Promise.all(deletes.map((storeId) => loadStoreIdClaim(uow, kind, storeId))),
    steps.alsoRead?.(upserts),
  ]);
  const holders = upsertClaims.map((claim) => claimHolder(claim.state));
  const streams = await Promise.all(
    holders.map((id) => (id === undefined ? Promise.resolve(undefined) : steps.load(id))),
  );
  const counts: BulkSyncCounts = { created: 0, updated: 0, unchanged: 0, deleted: 0, notFound: 0 };
  for (const [index, record] of upserts.entries()) {
    const stream = streams[index];
    const before = stream && versionAfterCommit(stream);
    const { version } = await forRecord(['upsertRecords', index], () =>
      steps.write(record, holders[index], upsertClaims[index]!),
    );
    counts[before === undefined ? 'created' : version === before ? 'unchanged' : 'updated'] += 1;
  }
  const toDelete = deleteClaims
    .map((claim) => claimHolder(claim.state))
    .filter((id): id is string => id !== undefined);
  return { counts, toDelete, deleteCount: deletes.length };
}
