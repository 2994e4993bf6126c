import type { Decider } from '../decider';

/** The state that `events` fold to, from the decider's initial state. */
export const stateAfter = <State, Event>(
  decider: Pick<Decider<never, State, Event>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());

/**
 * `given(events).when(command)` is a decision not yet taken: call it for the events it decides,
 * or hand it to `thrownBy` for the error it refuses with.
 */
export const givenWhen =
  <Command, State, Event>(decider: Decider<Command, State, Event>) =>
  (events: readonly Event[]) => ({
    when: (command: Command) => () => decider.decide(command, stateAfter(decider, events)),
  });

/** The error a decision throws; fails the test when the decision is not refused. */
export function thrownBy(decide: () => unknown): unknown {
  try {
    decide();
  } catch (error) {
    return error;
  }
  throw new Error('expected the decision to be refused');
}
