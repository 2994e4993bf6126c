import { ReadCache, SerializedJson } from './read-cache';

const leadingCache = (options: ConstructorParameters<typeof ReadCache>[1] = {}) => {
  const cache = new ReadCache('catalogue', options);
  cache.leadership('catalogue', true);
  return cache;
};

/** A load whose answer the test releases when it wants, to interleave runner notices. */
function deferredLoad<T>(value: T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { load: () => gate.then(() => value), release };
}

describe('ReadCache', () => {
  it('serves a kept answer without loading again while it leads the projection', async () => {
    const cache = leadingCache();
    const load = jest.fn(() => Promise.resolve({ data: [1, 2] }));
    const first = await cache.read('k', load);
    const second = await cache.read('k', load);
    expect(first).toBeInstanceOf(SerializedJson);
    expect(second.text).toBe('{"data":[1,2]}');
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('keeps the headers of an answer (its ETag) with its text, and forgets both together', async () => {
    const cache = leadingCache();
    let version = 0;
    const load = jest.fn(() =>
      Promise.resolve({ body: { data: { id: 'p' } }, headers: { ETag: `"${version}"` } }),
    );
    expect((await cache.answer('k', load)).headers).toEqual({ ETag: '"0"' });
    const hit = await cache.answer('k', load);
    expect(hit).toMatchObject({ headers: { ETag: '"0"' } });
    expect(hit.body.text).toBe('{"data":{"id":"p"}}');
    expect(load).toHaveBeenCalledTimes(1);
    cache.changing('catalogue');
    version = 1;
    cache.settled('catalogue');
    expect((await cache.answer('k', load)).headers).toEqual({ ETag: '"1"' });
    expect(cache.stats().bytes).toBe('k'.length + hit.body.text.length + 'ETag'.length + 3);
  });

  it('is bypassed in a process that does not lead the projection', async () => {
    const cache = new ReadCache('catalogue');
    const load = jest.fn(() => Promise.resolve('x'));
    await cache.read('k', load);
    await cache.read('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.stats()).toMatchObject({ bypassed: 2, entries: 0 });

    cache.leadership('catalogue', true);
    await cache.read('k', load);
    cache.leadership('catalogue', false);
    await cache.read('k', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('reads the tables while a change is in flight and forgets everything when it settles', async () => {
    const cache = leadingCache();
    let version = 1;
    const load = () => Promise.resolve({ version });
    expect((await cache.read('k', load)).text).toBe('{"version":1}');

    cache.changing('catalogue');
    version = 2; // the runner's transaction, visible to readers once committed
    expect((await cache.read('k', load)).text).toBe('{"version":2}');
    expect(cache.stats().entries).toBe(0);
    cache.settled('catalogue');

    expect((await cache.read('k', load)).text).toBe('{"version":2}');
    expect((await cache.read('k', load)).text).toBe('{"version":2}');
    expect(cache.stats()).toMatchObject({ bypassed: 1, hits: 1, misses: 2 });
  });

  it('answers but does not keep a read that a change overtook', async () => {
    const cache = leadingCache();
    const slow = deferredLoad({ version: 'old' });
    const pending = cache.read('k', slow.load);
    cache.changing('catalogue');
    cache.settled('catalogue');
    slow.release();
    expect((await pending).text).toBe('{"version":"old"}');
    expect(cache.stats().entries).toBe(0);
    const fresh = await cache.read('k', () => Promise.resolve({ version: 'new' }));
    expect(fresh.text).toBe('{"version":"new"}');
  });

  it('ignores notices about other projections', async () => {
    const cache = leadingCache();
    await cache.read('k', () => Promise.resolve(1));
    cache.changing('community');
    cache.settled('community');
    cache.leadership('brands', false);
    const load = jest.fn(() => Promise.resolve(2));
    expect((await cache.read('k', load)).text).toBe('1');
    expect(load).not.toHaveBeenCalled();
  });

  it('lets an entry live at most its TTL', async () => {
    let now = 1_000;
    const cache = leadingCache({ ttlMs: 500, now: () => now });
    let version = 1;
    const load = () => Promise.resolve(version);
    await cache.read('k', load);
    version = 2; // changed behind the runner's back (a hand edit)
    now += 499;
    expect((await cache.read('k', load)).text).toBe('1');
    now += 2;
    expect((await cache.read('k', load)).text).toBe('2');
  });

  it('keeps within its byte bound by dropping the least recently used entries', async () => {
    const cache = leadingCache({ maxBytes: 1_600 });
    const body = 'x'.repeat(88); // 90 characters as JSON, plus a 2-character key
    for (const key of ['k1', 'k2', 'k3', 'k4']) await cache.read(key, () => Promise.resolve(body));
    await cache.read('k1', () => Promise.resolve('unused')); // k1 is now the most recent
    for (let n = 5; n <= 20; n += 1) await cache.read(`k${n}`, () => Promise.resolve(body));
    const { bytes, entries } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(1_600);
    expect(entries).toBe(17);
    const load = jest.fn(() => Promise.resolve(body));
    await cache.read('k1', load); // used recently: kept
    expect(load).toHaveBeenCalledTimes(0);
    await cache.read('k2', load); // the least recently used: dropped
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps an answer larger than a sixteenth of its bound', async () => {
    const cache = leadingCache({ maxBytes: 1_600 });
    const load = jest.fn(() => Promise.resolve('y'.repeat(200)));
    await cache.read('big', load);
    await cache.read('big', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed load', async () => {
    const cache = leadingCache();
    await expect(cache.read('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.stats().entries).toBe(0);
  });
});
