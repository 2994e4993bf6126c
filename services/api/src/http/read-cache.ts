import type { ProjectionObserver } from '@brand-api/event-store';

/** A response body already serialised as JSON, typed by what it holds. */
export class SerializedJson<T> {
  /** Phantom: ties the text to the type it was made from. */
  declare readonly of: T;
  constructor(readonly text: string) {}

  static of<T>(value: T): SerializedJson<T> {
    return new SerializedJson<T>(JSON.stringify(value));
  }
}

export interface ReadCacheOptions {
  /** Upper bound on an entry's age; bounds what an out-of-band change can hide (default 1 s). */
  ttlMs?: number;
  /** Upper bound on the bytes of cached text (default 8 MiB); least recently used go first. */
  maxBytes?: number;
  now?: () => number;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  bypassed: number;
  entries: number;
  bytes: number;
}

/** An answer as kept: its JSON text, and the headers that describe it (a resource's ETag). */
export interface CachedAnswer<T> {
  body: SerializedJson<T>;
  headers?: Readonly<Record<string, string>>;
}

interface Entry {
  /** Handed out as is on every hit: it is immutable. */
  answer: CachedAnswer<unknown>;
  expiresAt: number;
}

/**
 * Serialised answers of read operations over one projection's tables, kept only while they
 * cannot be stale.
 *
 * The rule: an entry may be served while this process leads the projection (so every change
 * to its tables is made by this process) and no change is in flight. A projection applied
 * inline is led by its sole writer (`InlineWriters`: the embedded database's one process, or
 * on a server the holder of the sole writer's lease, which lets go before another process's
 * write or swap can commit); one applied by a runner, by the runner that leads it. Either
 * tells the cache synchronously before a transaction that may change the tables begins and
 * after it settles; each clears every entry and moves the generation, and a read that
 * started under an older generation is answered but not kept. A request arriving while a
 * change is in flight reads the tables, which show the change once it commits. So
 * read-after-write holds exactly as without the cache, in this process and in any other.
 *
 * In a process that does not lead the projection (another writer is about, or a standby) the
 * cache is bypassed. The TTL bounds what nothing tells the cache: a hand edit of a read table,
 * and, where a runner applies the projection, a rebuild's swap run from another process.
 */
export class ReadCache implements ProjectionObserver {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private generation = 0;
  private changesInFlight = 0;
  private leading = false;
  private stillLeading: () => boolean = () => true;
  private bytes = 0;
  private counters = { hits: 0, misses: 0, bypassed: 0 };

  constructor(
    /** The projection whose tables the cached reads come from. */
    readonly projection: string,
    options: ReadCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 1_000;
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** The cached answer for `key`, or `load()`'s, kept when nothing changed meanwhile. */
  async read<T>(key: string, load: () => Promise<T>): Promise<SerializedJson<T>> {
    return (await this.answer(key, async () => ({ body: await load() }))).body;
  }

  /** As {@link read}, for an answer that comes with headers of its own (an ETag). */
  async answer<T>(
    key: string,
    load: () => Promise<{ body: T; headers?: Readonly<Record<string, string>> }>,
  ): Promise<CachedAnswer<T>> {
    if (!this.usable()) {
      this.counters.bypassed += 1;
      return serialized(await load());
    }
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      if (entry.expiresAt > this.now()) {
        // Re-inserted: the map's order is least recently used first.
        this.entries.delete(key);
        this.entries.set(key, entry);
        this.counters.hits += 1;
        return entry.answer as CachedAnswer<T>;
      }
      this.remove(key, entry);
    }
    this.counters.misses += 1;
    const startedAt = this.generation;
    const answer = serialized(await load());
    if (this.usable() && startedAt === this.generation) this.keep(key, answer);
    return answer;
  }

  stats(): ReadCacheStats {
    return { ...this.counters, entries: this.entries.size, bytes: this.bytes };
  }

  /** Forgets everything (an operator's rebuild swap in this process calls it). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  leadership(projection: string, leading: boolean, stillLeading?: () => boolean): void {
    if (projection !== this.projection) return;
    this.leading = leading;
    this.stillLeading = stillLeading ?? (() => true);
    this.clear();
  }

  changing(projection: string): void {
    if (projection !== this.projection) return;
    this.changesInFlight += 1;
    this.clear();
  }

  settled(projection: string): void {
    if (projection !== this.projection) return;
    this.changesInFlight = Math.max(0, this.changesInFlight - 1);
    this.clear();
  }

  private usable(): boolean {
    return this.leading && this.changesInFlight === 0 && this.stillLeading();
  }

  private keep(key: string, answer: CachedAnswer<unknown>): void {
    const size = sizeOf(key, answer);
    if (size > this.maxBytes / 16) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    while (this.bytes + size > this.maxBytes) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      this.remove(oldest.value[0], oldest.value[1]);
    }
    this.entries.set(key, { answer, expiresAt: this.now() + this.ttlMs });
    this.bytes += size;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(key, entry.answer);
  }
}

function serialized<T>(loaded: {
  body: T;
  headers?: Readonly<Record<string, string>>;
}): CachedAnswer<T> {
  const body = SerializedJson.of(loaded.body);
  return loaded.headers === undefined ? { body } : { body, headers: loaded.headers };
}

/** Characters, not bytes: close enough for a bound, and free to compute. */
function sizeOf(key: string, answer: CachedAnswer<unknown>): number {
  let size = key.length + answer.body.text.length;
  for (const [name, value] of Object.entries(answer.headers ?? {})) {
    size += name.length + value.length;
  }
  return size;
}
