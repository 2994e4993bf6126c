import type { EventStore } from './event-store';

/**
 * The store with some of its methods replaced. A proxy rather than a copy of each method, so
 * every other method the port has (or gains) is the wrapped store's own, called on it.
 */
export function overriding(store: EventStore, overrides: Partial<EventStore>): EventStore {
  return new Proxy(store, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) {
        return (overrides as Record<string | symbol, unknown>)[property];
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
