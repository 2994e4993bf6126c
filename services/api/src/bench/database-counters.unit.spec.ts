import { perRequest, tableBreakdown, workBetween } from './database-counters';
import type { DatabaseCounters } from './database-counters';

const reading = (
  at: number,
  commits: number,
  inserted: number,
  tables: Record<string, number>,
): DatabaseCounters => ({
  at,
  commits,
  inserted,
  insertedByTable: new Map(Object.entries(tables)),
});

describe("the write-path benchmark's database counters", () => {
  const start = reading(0, 1_000, 5_000, { events: 4_000, brand_products: 1_000 });
  const end = reading(20_000, 1_400, 35_003, {
    events: 24_000,
    brand_products: 11_000,
    api_rate_limits: 1,
    'bench_raw.events': 2,
  });

  it('takes what happened between two readings, by table', () => {
    const work = workBetween(start, end);
    expect(work).toMatchObject({ seconds: 20, commits: 400, inserted: 30_003 });
    expect(Object.fromEntries(work.insertedByTable)).toEqual({
      events: 20_000,
      brand_products: 10_000,
      api_rate_limits: 1,
      'bench_raw.events': 2,
    });
  });

  it('takes off the idle background for the idle seconds only, then divides by the requests', () => {
    // 10 commits/s while idle, and no rows.
    const background = workBetween(reading(0, 0, 0, {}), reading(10_000, 100, 0, {}));
    const work = perRequest(workBetween(start, end), background, 11, 100);
    expect(work.commits).toBeCloseTo((400 - 110) / 100);
    expect(work.inserted).toBeCloseTo(300.03);
    expect(tableBreakdown(work)).toBe('events 200.0, brand_products 100.0');
  });

  it('names what no table explains, and says when nothing was inserted', () => {
    const background = workBetween(reading(0, 0, 0, {}), reading(10_000, 0, 0, {}));
    const withTemporary = perRequest(
      workBetween(
        reading(0, 0, 0, {}),
        reading(1_000, 10, 350, { events: 200, brand_products: 100 }),
      ),
      background,
      0,
      1,
    );
    expect(tableBreakdown(withTemporary)).toBe(
      'events 200.0, brand_products 100.0, (temporary or dropped tables) 50.0',
    );
    expect(tableBreakdown(perRequest(workBetween(start, start), background, 0, 1))).toBe('none');
  });
});
