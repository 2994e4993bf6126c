/**
 * Told, synchronously, whenever what this runner does may change a projection's tables. A
 * read cache in the same process uses it: while `leading(name)` holds and no change is in
 * flight, nothing else writes those tables (but an operator's rebuild swap or a hand edit).
 */
export interface ProjectionObserver {
  /**
   * This process started (true) or stopped (false) leading the projection. A lead that can
   * lapse before it is told so (a lease) comes with `stillLeading`, to ask before each use.
   */
  leadership(projection: string, leading: boolean, stillLeading?: () => boolean): void;
  /** A transaction that may change the projection's tables is about to begin. */
  changing(projection: string): void;
  /** That transaction has committed or rolled back: readers see its outcome from now on. */
  settled(projection: string): void;
}

/**
 * The runner's observers and what they are owed: which projections it leads and how many
 * transactions that may change each one's tables are in flight. An observer that throws is
 * reported and the others are still told.
 */
export class RunnerObservers {
  private readonly observers = new Set<ProjectionObserver>();
  private readonly leaders = new Set<string>();
  private readonly changesInFlight = new Map<string, number>();

  constructor(private readonly onError: (error: unknown, projectionName: string) => void) {}

  /** The projections this runner leads now. */
  leading(): string[] {
    return [...this.leaders];
  }

  leadershipChanged(projection: string, leading: boolean): void {
    if (leading) this.leaders.add(projection);
    else this.leaders.delete(projection);
    this.tell((observer) => observer.leadership(projection, leading));
  }

  /** Runs a transaction that may change the projection's tables, with observers told. */
  async changingTables<T>(projection: string, work: () => Promise<T>): Promise<T> {
    this.changesInFlight.set(projection, (this.changesInFlight.get(projection) ?? 0) + 1);
    this.tell((observer) => observer.changing(projection));
    try {
      return await work();
    } finally {
      this.changesInFlight.set(projection, (this.changesInFlight.get(projection) ?? 1) - 1);
      this.tell((observer) => observer.settled(projection));
    }
  }

  /** Registers an observer; returns its removal. */
  observe(observer: ProjectionObserver): () => void {
    // A late observer first hears the present: what this runner leads, what is in flight.
    for (const name of this.leaders) observer.leadership(name, true);
    for (const [name, count] of this.changesInFlight) {
      for (let n = 0; n < count; n += 1) observer.changing(name);
    }
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  private tell(notice: (observer: ProjectionObserver) => void): void {
    for (const observer of this.observers) {
      try {
        notice(observer);
      } catch (error) {
        this.onError(error, 'observer');
      }
    }
  }
}
