import { appendUnprojectableProduct } from '@brand-api/api/testing';
import type {
  ParkedActionResult,
  ParkedEventView as ParkedEvent,
  ProjectionStatus,
} from '@brand-api/contracts';
import { json, useBrandctl } from './testing/brandctl-harness';

jest.setTimeout(120_000);

// Events are parked by a runner (read models applied after the write, as on EventStoreDB):
// inline, a write its read model cannot apply is refused instead.
const { brandctl, t } = useBrandctl({ readModels: 'async' });

/** Lists until the runner has parked `count` events (three tries each, a few hundred ms). */
async function parked(count: number): Promise<ParkedEvent[]> {
  for (let tries = 0; ; tries += 1) {
    const { stdout } = await brandctl(['projections', 'parked', 'list', '--json']);
    const { data } = json<{ data: ParkedEvent[] }>(stdout);
    if (data.length >= count || tries > 100) return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('brandctl projections parked', () => {
  let brandId: string;
  let first: number;
  let second: number;

  beforeAll(async () => {
    ({ brandId } = await t().brandWithKey(['brand_products:read'], 'Acme'));
    first = await appendUnprojectableProduct(t().eventStore, brandId);
    second = await appendUnprojectableProduct(t().eventStore, brandId);
  });

  it('lists what the projections parked, and status counts it', async () => {
    expect((await parked(2)).map((p) => p.position)).toEqual([first, second]);
    const list = await brandctl(['projections', 'parked', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/POSITION\s+PROJECTION\s+STATUS/);
    expect(list.stdout).toContain(`${first}`);
    expect(list.stdout).toContain('out of range for type integer');
    const status = await brandctl(['projections', 'status', '--json']);
    const { data } = json<{ data: ProjectionStatus[] }>(status.stdout);
    expect(data.find((p) => p.name === 'catalogue')?.parked).toBe(2);
    expect((await brandctl(['projections', 'status'])).stdout).toContain(
      '2 parked event(s) are not applied',
    );
  });

  it('retry says the event still fails and exits 1; skip acknowledges it', async () => {
    const retry = await brandctl(['projections', 'parked', 'retry', String(first)]);
    expect(retry.code).toBe(1);
    expect(retry.stdout).toContain(`Still failing, position ${first} in catalogue stays parked`);
    const skip = await brandctl(['projections', 'parked', 'skip', String(first), '--json']);
    expect(skip.code).toBe(0);
    expect(json<{ data: ParkedActionResult[] }>(skip.stdout).data).toEqual([
      { projection: 'catalogue', position: first, outcome: 'skipped' },
    ]);
    const open = await brandctl(['projections', 'parked', 'list', '--json']);
    expect(json<{ data: ParkedEvent[] }>(open.stdout).data.map((p) => p.position)).toEqual([
      second,
    ]);
  });

  it('says what is wrong with a position or an event that is not parked', async () => {
    const notANumber = await brandctl(['projections', 'parked', 'skip', 'abc']);
    expect(notANumber.code).not.toBe(0);
    expect(notANumber.stderr).toContain('A position is a positive whole number');
    const unknown = await brandctl(['projections', 'parked', 'skip', '999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No event is parked at position 999999');
  });
});
