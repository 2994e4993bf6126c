/**
 * A wake-up that cannot be lost: a waiter passes the generation it saw before checking for
 * work, and returns at once if a wake-up happened since.
 */
export class WakeSignal {
  private generation = 0;
  private readonly waiters = new Set<() => void>();

  get current(): number {
    return this.generation;
  }

  wake(): void {
    this.generation += 1;
    for (const waiter of [...this.waiters]) waiter();
  }

  wait(ms: number, seen = this.generation): Promise<void> {
    if (this.generation !== seen) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}
