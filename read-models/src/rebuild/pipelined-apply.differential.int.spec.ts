import { DomainError } from '@brand-api/domain';
import type { Decider } from '@brand-api/domain';
import type { PostType } from '@brand-api/contracts';
import {
  memberDecider,
  memberGroupDecider,
  productDecider,
  variantDecider,
} from '@brand-api/domain';
import { applyPipelined, splitStatements } from '@brand-api/event-store';
import type { Migration, Projection, RecordedEvent, Transaction } from '@brand-api/event-store';
import { createTestDatabase, hasPostgresServer } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { brandsMigrations, brandsProjection } from '../brands';
import { catalogueMigrations, catalogueProjection } from '../catalogue';
import { communityMigrations, communityProjection } from '../community';
import { brandActivity, counterUuid } from './bench/brand-activity';
import { compareTable } from './compare-tables';
import { tablesOf } from './shadow-schema';

jest.setTimeout(120_000);

/** A small deterministic PRNG (mulberry32), so a failure replays exactly. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T | undefined => items[Math.floor(next() * items.length)],
  };
}

/** A log decided stream by stream with the real deciders, as the API would append it. */
class Log {
  readonly events: RecordedEvent[] = [];
  private readonly streams = new Map<string, { state: unknown; version: number }>();
  private clock = Date.UTC(2025, 0, 1);

  now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  /** Decides `command` on the stream; a refused command (as the API would answer 4xx) adds nothing. */
  run<C, E extends { type: string; data: unknown; schemaVersion: number }, S>(
    decider: Decider<C, S, E>,
    streamName: string,
    brandId: string,
    command: C,
  ): S {
    const stream = this.streams.get(streamName) ?? {
      state: decider.initialState(),
      version: -1,
    };
    let state = stream.state as S;
    try {
      for (const event of decider.decide(command, state)) {
        state = decider.evolve(state, event);
        this.append(streamName, brandId, event, (stream.version += 1));
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    this.streams.set(streamName, { state, version: stream.version });
    return state;
  }

  append(
    streamName: string,
    brandId: string,
    event: { type: string; data: unknown; schemaVersion?: number },
    streamVersion: number,
  ): void {
    const position = this.events.length + 1;
    const occurredAt = this.now();
    this.events.push({
      id: counterUuid(position, 9),
      type: event.type,
      data: event.data,
      metadata: { brandId, occurredAt, requestId: `req-${position}` },
      schemaVersion: event.schemaVersion ?? 1,
      streamName,
      streamVersion,
      position: { commit: position, prepare: position },
      recordedAt: new Date(occurredAt),
    });
  }

  /** The last `count` events again, as a runner that crashed before its checkpoint replays them. */
  replayLast(count: number): void {
    this.events.push(...this.events.slice(-count));
  }
}

/** Brands, catalogue and community activity of a few brands, interleaved at random. */
function generateLog(seed: number, steps: number): RecordedEvent[] {
  const rng = random(seed);
  const log = new Log();
  const brands = [counterUuid(1, 1), counterUuid(2, 1), counterUuid(3, 1)];
  const products: { id: string; storeId: string; brandId: string }[] = [];
  const variants: { id: string; brandId: string }[] = [];
  const groups: { id: string; brandId: string }[] = [];
  const members: { id: string; brandId: string }[] = [];
  const posts: { id: string; brandId: string }[] = [];
  let next = 0;
  const newId = (tag: number) => counterUuid((next += 1), tag);
  const text = (prefix: string) =>
    rng.pick([`${prefix} ${next}`, `${prefix} l'${next}`, `${prefix} \\${next}`, `«${prefix}»`])!;
  let brandIndex = 0;

  for (let step = 0; step < steps; step += 1) {
    const brandId = rng.pick(brands)!;
    const burst = 1 + rng.int(12);
    switch (rng.int(9)) {
      case 0: // brands and API keys, through the Brand and ApiKey deciders
        for (const append of brandActivity(brandIndex++, { keysPerBrand: rng.int(5) })) {
          append.events.forEach((event, version) =>
            log.append(append.streamName, String(event.metadata?.brandId), event, version),
          );
        }
        break;
      case 1:
        for (let i = 0; i < burst; i += 1) {
          const id = newId(3);
          const storeId = `p-${next}`;
          log.run(productDecider, `product-${id}`, brandId, {
            type: 'CreateProduct',
            data: {
              productId: id,
              now: log.now(),
              product: {
                storeId,
                title: text('Product'),
                description: rng.chance(0.5) ? '' : `<p>${text('about')}</p>`,
                imageUrl: rng.chance(0.5) ? null : `https://img.example/${next}.png`,
                imageWidth: rng.chance(0.5) ? null : 100 + rng.int(900),
                imageHeight: rng.chance(0.5) ? null : 100 + rng.int(900),
                onlineStoreUrl: `https://shop.example/${storeId}`,
              },
            },
          });
          products.push({ id, storeId, brandId });
        }
        break;
      case 2: {
        const product = rng.pick(products);
        if (!product) break;
        for (let i = 0; i < burst; i += 1) {
          const id = newId(4);
          log.run(variantDecider, `variant-${id}`, product.brandId, {
            type: 'CreateVariant',
            data: {
              variantId: id,
              now: log.now(),
              parent: { productId: product.id, storeId: product.storeId },
              variant: {
                storeId: `v-${next}`,
                productStoreId: product.storeId,
                title: text('Size'),
                position: i,
                priceCents: rng.chance(0.2) ? null : rng.int(10_000),
                currency: rng.chance(0.2) ? null : 'EUR',
                sku: rng.chance(0.5) ? null : `SKU-${next}`,
              },
            },
          });
          variants.push({ id, brandId: product.brandId });
        }
        break;
      }
      case 3:
        for (let i = 0; i < burst; i += 1) {
          const product = rng.pick(products);
          if (product && rng.chance(0.8)) {
            log.run(productDecider, `product-${product.id}`, product.brandId, {
              type: 'UpdateProduct',
              data: {
                productId: product.id,
                now: log.now(),
                changes: rng.chance(0.5)
                  ? { title: text('Renamed') }
                  : { imageUrl: null, imageWidth: rng.int(50) + 1 },
              },
            });
          }
          const variant = rng.pick(variants);
          if (!variant) continue;
          const moveTo = rng.chance(0.3) ? rng.pick(products) : undefined;
          log.run(
            variantDecider,
            `variant-${variant.id}`,
            variant.brandId,
            rng.chance(0.15)
              ? { type: 'DeleteVariant', data: { variantId: variant.id, reason: 'deleted' } }
              : {
                  type: 'UpdateVariant',
                  data: {
                    variantId: variant.id,
                    now: log.now(),
                    changes: moveTo
                      ? { productStoreId: moveTo.storeId }
                      : { priceCents: rng.chance(0.3) ? null : rng.int(500), barcode: `B${next}` },
                    parent: moveTo && { productId: moveTo.id, storeId: moveTo.storeId },
                  },
                },
          );
        }
        break;
      case 4: {
        const product = rng.pick(products);
        if (product && rng.chance(0.3)) {
          log.run(productDecider, `product-${product.id}`, product.brandId, {
            type: 'DeleteProduct',
            data: { productId: product.id },
          });
        }
        break;
      }
      case 5:
        for (let i = 0; i < burst; i += 1) {
          const id = newId(5);
          log.run(memberGroupDecider, `member-group-${id}`, brandId, {
            type: 'CreateMemberGroup',
            data: {
              memberGroupId: id,
              name: text('Group'),
              badgeId: newId(6),
              brandMemberBadge: rng.chance(0.5)
                ? null
                : { name: text('VIP'), foregroundColor: '#FFFFFF', backgroundColor: '#112233' },
            },
          });
          groups.push({ id, brandId });
        }
        break;
      case 6:
        for (let i = 0; i < burst; i += 1) {
          const id = newId(7);
          log.run(memberDecider, `member-${id}`, brandId, {
            type: 'JoinMember',
            data: {
              memberId: id,
              username: `member_${next}`,
              customAuthSub: rng.chance(0.5) ? null : `sub|${next}`,
              email: `m${next}@example.com`,
              phoneNumber: rng.chance(0.7) ? null : `+3361234${String(next).padStart(4, '0')}`,
              firstName: text('First'),
              lastName: rng.chance(0.3) ? null : text('Last'),
              profilePictureUrl: null,
              isEmailVerified: rng.chance(0.5),
              role: rng.pick(['ADMIN', 'MODERATOR', 'CUSTOMER'] as const)!,
              joinedVia: 'signUp',
              now: log.now(),
            },
          });
          members.push({ id, brandId });
        }
        break;
      case 7:
        for (let i = 0; i < burst; i += 1) {
          const member = rng.pick(members);
          if (!member) break;
          const own = groups.filter((group) => group.brandId === member.brandId).map((g) => g.id);
          const stream = `member-${member.id}`;
          const which = rng.int(4);
          if (which === 0) {
            log.run(memberDecider, stream, member.brandId, {
              type: 'UpdateMember',
              data: {
                isBanned: rng.chance(0.5),
                isEmailVerified: rng.chance(0.5),
                groupIds: own.filter(() => rng.chance(0.4)),
                knownGroupIds: own,
                emailVerificationAllowed: true,
              },
            });
          } else if (which === 1) {
            log.run(memberDecider, stream, member.brandId, {
              type: 'RefreshMemberProfile',
              data: { firstName: text('Renamed'), email: `new${next}@example.com` },
            });
          } else if (which === 2) {
            log.run(memberDecider, stream, member.brandId, {
              type: 'ChangeMemberRole',
              data: { role: rng.pick(['ADMIN', 'MODERATOR', 'CUSTOMER'] as const)! },
            });
          } else {
            const id = newId(8);
            log.append(`post-${id}`, member.brandId, postCreated(id, member.id, log.now()), 0);
            posts.push({ id, brandId: member.brandId });
          }
        }
        break;
      default: {
        const group = rng.pick(groups);
        if (group && rng.chance(0.5)) {
          const stream = `member-group-${group.id}`;
          log.run(
            memberGroupDecider,
            stream,
            group.brandId,
            rng.chance(0.3)
              ? { type: 'DeleteMemberGroup', data: {} }
              : {
                  type: 'UpdateMemberGroup',
                  data: { name: text('Regrouped'), brandMemberBadge: null, badgeId: newId(6) },
                },
          );
        }
        const post = rng.pick(posts);
        if (post) {
          const event = rng.chance(0.5) ? 'PostPinned' : 'PostUnpinned';
          log.append(`post-${post.id}`, post.brandId, pinned(event, post.id), 1);
        }
      }
    }
    if (rng.chance(0.03)) log.replayLast(1 + rng.int(40));
  }
  return log.events;
}

function postCreated(postId: string, memberId: string, at: string) {
  return {
    type: 'PostCreated',
    schemaVersion: 1,
    data: {
      postId,
      roomId: counterUuid(1, 10),
      memberId,
      member: { id: memberId, customAuthSub: null, email: 'm@example.com' },
      type: 'TEXT' satisfies PostType,
      title: `Post ${postId.slice(-4)}`,
      contentHtml: '<p>it&#39;s</p>',
      isPublished: true,
      createdAt: at,
      publishedAt: at,
    },
  };
}

function pinned(type: 'PostPinned' | 'PostUnpinned', postId: string) {
  return { type, schemaVersion: 1, data: { postId, roomId: counterUuid(1, 10) } };
}

const readModels: { projection: Projection; migrations: readonly Migration[] }[] = [
  { projection: brandsProjection, migrations: brandsMigrations },
  { projection: catalogueProjection, migrations: catalogueMigrations },
  { projection: communityProjection, migrations: communityMigrations },
];

/** The reference: each statement on its own, awaited, as a projection's meaning is written. */
async function applyOneByOne(
  tx: Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  const handled = new Set(projection.handles);
  for (const event of events) {
    if (!handled.has(event.type)) continue;
    for (const statement of (await projection.apply(event, tx)) ?? []) {
      await tx.query(statement.text, statement.params);
    }
  }
}

describe(`pipelined statements against one statement at a time, on the three read models (${hasPostgresServer() ? 'Postgres server' : 'PGlite'})`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  it.each([1, 2, 3])('leaves every table identical, row by row (log seed %i)', async (seed) => {
    const events = generateLog(seed, 400);
    expect(events.length).toBeGreaterThan(1500);
    let pipelines = 0;
    let multiRowInserts = 0;
    for (const [schema, apply] of [
      ['one_by_one', applyOneByOne],
      ['pipelined', applyPipelined],
    ] as const) {
      await testDb.db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
      for (const { projection, migrations } of readModels) {
        await testDb.db.transaction(async (tx) => {
          await tx.query(`SELECT set_config('search_path', $1, true)`, [schema]);
          for (const migration of migrations) {
            for (const statement of splitStatements(migration.sql)) await tx.query(statement);
          }
        });
        // Batches of 300 events per transaction, as a shadow replay cuts the log.
        for (let from = 0; from < events.length; from += 300) {
          await testDb.db.transaction(async (tx) => {
            await tx.query(`SELECT set_config('search_path', $1, true)`, [schema]);
            const counting: Transaction = {
              query: (text, params) => tx.query(text, params),
              pipeline: (statements) => {
                pipelines += 1;
                multiRowInserts += statements.filter((s) => s.text.includes('), (')).length;
                return tx.pipeline(statements);
              },
            };
            await apply(counting, projection, events.slice(from, from + 300));
          });
        }
      }
    }
    // The pipelined path really ran, and really merged rows.
    expect(pipelines).toBeGreaterThan(0);
    expect(multiRowInserts).toBeGreaterThan(50);

    const tables = await tablesOf(testDb.db, 'pipelined');
    expect(tables).toHaveLength(8);
    for (const table of tables) {
      const diff = await testDb.db.transaction((tx) =>
        compareTable(tx, 'one_by_one', 'pipelined', table),
      );
      expect(diff).toMatchObject({
        table,
        missingInLive: 0,
        unexpectedInLive: 0,
        columns: null,
        liveTableMissing: false,
      });
      const { rows } = await testDb.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM one_by_one.${table}`,
      );
      expect({ table, empty: rows[0]!.count === 0 }).toEqual({ table, empty: false });
    }
  });
});
