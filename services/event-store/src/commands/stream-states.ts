/**
 * Folded states of recently loaded streams, kept by this process so that a command loading a
 * stream again reads only the events appended since, not the whole stream.
 *
 * Without it, every load folds the stream from its first event: a product synced 300 times
 * made a bulk call of 100 such products read 30,000 events, 580 ms instead of 40 ms.
 *
 * An entry can never be stale. Events are immutable and streams append-only, so a state
 * folded up to version n stays the right state at n, and the unit of work reads every event
 * after n before it decides; a write by another process is just more events to read. The
 * append still checks the version it read at, as without the cache.
 *
 * States are frozen when kept: evolve functions return new states, and a command that tried
 * to change a shared one would throw instead of corrupting what the next command starts from.
 */
export class StreamStates {
  private readonly entries = new Map<string, StreamStateEntry>();
  private readonly maxEntries: number;
  private counters = { hits: 0, misses: 0 };

  constructor(options: { maxEntries?: number } = {}) {
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  /** The state of `streamName` as `decider` folds it, if kept. */
  get(streamName: string, decider: object): StreamStateEntry | undefined {
    const entry = this.entries.get(streamName);
    if (entry === undefined || entry.decider !== decider) {
      this.counters.misses += 1;
      return undefined;
    }
    // Re-inserted: the map's order is least recently used first.
    this.entries.delete(streamName);
    this.entries.set(streamName, entry);
    this.counters.hits += 1;
    return entry;
  }

  /** Keeps a state folded up to and including `version`. */
  set(streamName: string, entry: StreamStateEntry): void {
    const previous = this.entries.get(streamName);
    // Two commands may load one stream at once; the one that read further wins.
    if (previous && previous.decider === entry.decider && previous.version > entry.version) return;
    this.entries.delete(streamName);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(streamName, { ...entry, state: deepFreeze(entry.state) });
  }

  stats(): { hits: number; misses: number; entries: number } {
    return { ...this.counters, entries: this.entries.size };
  }
}

export interface StreamStateEntry {
  /** The decider whose evolve folded `state`: another decider's state is not this one's. */
  decider: object;
  state: unknown;
  /** Version of the last event folded in. */
  version: number;
  /** The `brandId` of the stream's first event: who owns the entity, for tenant checks. */
  ownerBrandId: unknown;
}

function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<string | symbol, unknown>)[key], seen);
  }
  return value;
}
