import { describeOnServer } from '@brand-api/event-store/testing';
import {
  demoKeyOf,
  runtimeUrlOf as urlOf,
  stopRuntime as stop,
  useRuntimesOnTestDatabase,
} from '../testing/spawn-runtime';

jest.setTimeout(180_000);

/**
 * Read models are applied in each write's own transaction, by whichever process takes the
 * write: a second process must see it in its very next read, whatever it cached. Two real
 * processes on one Postgres: an `all`, which caches catalogue reads while it is the sole
 * writer (alone at first), and a `serve`, whose first write makes it let go.
 */
describeOnServer('read-after-write across two server processes', () => {
  const { start } = useRuntimesOnTestDatabase();

  it('shows a write made through one process to the next read through the other', async () => {
    const first = start('all');
    await first.waitForOutput(/"msg":"started"/);
    await first.waitForOutput(/"soleWriter":true/);
    const second = start('serve');
    await second.waitForOutput(/"msg":"started"/);
    const [urlA, urlB] = await Promise.all([urlOf(first), urlOf(second)]);
    const key = demoKeyOf(first.output().stdout)!;
    expect(key).toBeDefined();
    const call = async (base: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as { data: unknown } };
    };
    const title = (answer: { body: { data: unknown } }) =>
      (answer.body.data as { title: string }).title;

    const created = await call(urlA, 'POST', '/brand-products', {
      storeId: 'two-processes',
      title: 'Round 0',
      description: 'Read through the other process',
      imageUrl: null,
      imageWidth: null,
      imageHeight: null,
      onlineStoreUrl: 'https://shop.example.com/two-processes',
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as { id: string }).id;
    // Cached by the sole writer, then changed through the other process.
    for (let n = 0; n < 3; n += 1) await call(urlA, 'GET', `/brand-products/${id}`);
    const renamed = await call(urlB, 'PATCH', `/brand-products/${id}`, { title: 'Round 0.5' });
    expect(renamed.status).toBe(200);
    await first.waitForOutput(/"soleWriter":false/);
    expect(title(await call(urlA, 'GET', `/brand-products/${id}`))).toBe('Round 0.5');
    await call(urlA, 'PATCH', `/brand-products/${id}`, { title: 'Round 0' });
    for (let round = 1; round <= 10; round += 1) {
      const [writer, reader] = round % 2 === 0 ? [urlA, urlB] : [urlB, urlA];
      // The reader has just answered this product (warm), then the other process changes it.
      expect(title(await call(reader, 'GET', `/brand-products/${id}`))).toBe(`Round ${round - 1}`);
      await call(reader, 'GET', '/brand-products?limit=100');
      const patched = await call(writer, 'PATCH', `/brand-products/${id}`, {
        title: `Round ${round}`,
      });
      expect(patched.status).toBe(200);
      expect(title(await call(reader, 'GET', `/brand-products/${id}`))).toBe(`Round ${round}`);
      const list = await call(reader, 'GET', '/brand-products?limit=100');
      expect((list.body.data as { title: string }[]).map((p) => p.title)).toContain(
        `Round ${round}`,
      );
    }
    for (const child of [second, first]) {
      expect(await stop(child)).toEqual({ code: 0, signal: null });
    }
  });
});
