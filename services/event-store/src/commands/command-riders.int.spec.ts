import { randomUUID } from 'node:crypto';
import type { Decider } from '@brand-api/domain';
import type { TestEventStore } from '../testing';
import { createTestEventStore, hasPostgresServer } from '../testing';
import { sqlStateOf } from '../db';
import { requestContext } from './command-context';
import { CommandEngine } from './command-engine';
import type { CommandRider, ProjectionWaiter } from './command-engine';

jest.setTimeout(60_000);

type Noted = { type: 'Noted'; schemaVersion: 1; data: { note: string } };
class RefusedError extends Error {}
const notes: Decider<{ note: string }, number, Noted> = {
  initialState: () => 0,
  evolve: (count) => count + 1,
  decide({ note }) {
    if (note === 'refuse') throw new RefusedError('the decider refuses');
    return note === '' ? [] : [{ type: 'Noted', schemaVersion: 1, data: { note } }];
  },
};

const context = requestContext(randomUUID(), { kind: 'apiKey', id: 'k1' }, 'r1');

class OverTheLimitError extends Error {}

describe(`command riders on ${hasPostgresServer() ? 'a Postgres server' : 'in-process PGlite'}`, () => {
  let carrying: TestEventStore;
  let plain: TestEventStore;
  beforeAll(async () => {
    [carrying, plain] = await Promise.all([
      createTestEventStore({ inline: true }),
      createTestEventStore(),
    ]);
    for (const { db } of [carrying, plain]) {
      await db.exec('CREATE TABLE ridden (id serial PRIMARY KEY, note text NOT NULL)');
    }
  });
  afterAll(() => Promise.all([carrying.close(), plain.close()]));

  /** A rider that records `note` in `ridden`; `fails` makes its statement divide by zero. */
  const riderOn = (on: TestEventStore, note: string, fails = false) => {
    const seen: { counted: unknown[][]; alone: number } = { counted: [], alone: 0 };
    const statement = {
      text: fails
        ? 'INSERT INTO ridden (note) VALUES ($1 || (1 / 0)::text) RETURNING note'
        : 'INSERT INTO ridden (note) VALUES ($1) RETURNING note',
      params: [note],
      onRows: (rows: unknown[]) => seen.counted.push(rows),
    };
    const rider: CommandRider = {
      statement,
      refusal: (error) =>
        sqlStateOf(error) === '22012' ? new OverTheLimitError('over the limit') : undefined,
      async alone() {
        seen.alone += 1;
        try {
          statement.onRows((await on.db.query(statement.text, statement.params)).rows);
        } catch (error) {
          throw rider.refusal(error) ?? error;
        }
      },
    };
    return { rider, seen };
  };

  const run = (on: TestEventStore, stream: string, note: string, riders: CommandRider[]) =>
    new CommandEngine({
      eventStore: on.store,
      projections: {} as ProjectionWaiter,
      clock: () => new Date('2025-03-01T10:00:00.000Z'),
      logger: { warn: () => undefined, error: () => undefined },
    }).run(
      context,
      async (uow) => {
        (await uow.load(stream, notes, { tenant: false })).decide({ note });
      },
      { readAfterWrite: false, riders },
    );

  const ridden = async (on: TestEventStore, note: string) =>
    (await on.db.query('SELECT note FROM ridden WHERE note = $1', [note])).rowCount;

  it('rides in the write of a store that carries riders: committed with it, its rows handed over', async () => {
    expect(carrying.store.carriesRiders).toBe(true);
    const note = randomUUID();
    const { rider, seen } = riderOn(carrying, note);
    const result = await run(carrying, `notes-${note}`, note, [rider]);
    expect(result.changed).toBe(true);
    expect(seen).toEqual({ counted: [[{ note }]], alone: 0 });
    expect(await ridden(carrying, note)).toBe(1);
  });

  it('refuses the write, whole, when the rider fails in it', async () => {
    const note = randomUUID();
    const { rider } = riderOn(carrying, note, true);
    await expect(run(carrying, `notes-${note}`, note, [rider])).rejects.toBeInstanceOf(
      OverTheLimitError,
    );
    expect(await carrying.store.readStream(`notes-${note}`)).toEqual([]);
  });

  it('runs on its own after a command that wrote nothing, or that its decider refused', async () => {
    const nothing = randomUUID();
    const quiet = riderOn(carrying, nothing);
    expect((await run(carrying, `notes-${nothing}`, '', [quiet.rider])).changed).toBe(false);
    expect(quiet.seen).toEqual({ counted: [[{ note: nothing }]], alone: 1 });
    const refused = randomUUID();
    const counted = riderOn(carrying, refused);
    await expect(run(carrying, `notes-${refused}`, 'refuse', [counted.rider])).rejects.toThrow(
      RefusedError,
    );
    expect(counted.seen.alone).toBe(1);
    expect(await ridden(carrying, refused)).toBe(1);
    // Its own refusal comes first, as a counter's does.
    const over = riderOn(carrying, randomUUID(), true);
    await expect(run(carrying, `notes-${refused}`, 'refuse', [over.rider])).rejects.toThrow(
      OverTheLimitError,
    );
  });

  it('runs on its own before the work on a store that carries none, and its refusal spares the work', async () => {
    expect(plain.store.carriesRiders).toBe(false);
    const note = randomUUID();
    const { rider, seen } = riderOn(plain, note);
    await run(plain, `notes-${note}`, note, [rider]);
    expect(seen).toEqual({ counted: [[{ note }]], alone: 1 });
    expect(await plain.store.readStream(`notes-${note}`)).toHaveLength(1);
    const refused = randomUUID();
    const over = riderOn(plain, refused, true);
    await expect(run(plain, `notes-${refused}`, refused, [over.rider])).rejects.toBeInstanceOf(
      OverTheLimitError,
    );
    expect(await plain.store.readStream(`notes-${refused}`)).toEqual([]);
  });
});
