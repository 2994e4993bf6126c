import { StreamStates } from './stream-states';

describe('StreamStates', () => {
  const decider = {};
  const entry = (version: number, state: unknown = { version }) => ({
    decider,
    state,
    version,
    ownerBrandId: 'brand',
  });

  it('drops the least recently used stream beyond its bound', () => {
    const states = new StreamStates({ maxEntries: 2 });
    states.set('a', entry(0));
    states.set('b', entry(0));
    expect(states.get('a', decider)).toBeDefined(); // a is now more recent than b
    states.set('c', entry(0));
    expect(states.get('b', decider)).toBeUndefined();
    expect(states.get('a', decider)?.version).toBe(0);
    expect(states.get('c', decider)?.version).toBe(0);
    expect(states.stats()).toEqual({ hits: 3, misses: 1, entries: 2 });
  });

  it('keeps the state read furthest when two loads finish out of order', () => {
    const states = new StreamStates();
    states.set('a', entry(5));
    states.set('a', entry(3));
    expect(states.get('a', decider)?.version).toBe(5);
    states.set('a', entry(6));
    expect(states.get('a', decider)?.version).toBe(6);
  });

  it('freezes what it keeps, all the way down', () => {
    const states = new StreamStates();
    const state = { fields: { tags: ['a'] } };
    states.set('a', entry(0, state));
    expect(Object.isFrozen(state.fields.tags)).toBe(true);
    expect(() => state.fields.tags.push('b')).toThrow(TypeError);
  });
});
