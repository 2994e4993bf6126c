import type { Decider } from '../decider';

/** The state that `events` fold to, from the decider's initial state. */
export const stateAfter = <State, Event>(
  decider: Pick<Decider<never, State, Event>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());

/** What a refusal must look like: a shape the error matches, or a test of it. */
export type ErrorExpectation = object | ((error: unknown) => boolean);

/** A refusal of invalid fields: one problem at each path, in that order (messages unchecked). */
export const invalidAt = (...paths: readonly (string | number)[][]): ErrorExpectation => ({
  rule: 'invalid',
  problems: paths.map((path) => ({ path })),
});

/**
 * given / when / then for a decider (Emmett's `DeciderSpecification`): the events a stream
 * already holds, the command decided on the state they fold to, and the events it decides
 * (`then`, equal; `thenMatches`, each matching a partial shape), none (`thenNothingHappened`),
 * or the error it refuses with (`thenThrows`).
 *
 *   const given = DeciderSpecification.for(roomDecider);
 *   given([created]).when(create('General')).thenThrows({ rule: 'already-taken' });
 */
export const DeciderSpecification = {
  for:
    <Command, State, Event>(decider: Decider<Command, State, Event>) =>
    (events: readonly Event[]) => ({
      when: (command: Command) => {
        const decide = () => decider.decide(command, stateAfter(decider, events));
        return {
          then: (expected: readonly Event[]): void => {
            expect(decide()).toEqual(expected);
          },
          thenMatches: (expected: readonly object[]): void => {
            expect(decide()).toMatchObject(expected);
          },
          thenNothingHappened: (): void => {
            expect(decide()).toEqual([]);
          },
          thenThrows: (...expected: ErrorExpectation[]): void => {
            const error = refusal(decide);
            for (const expectation of expected) {
              if (typeof expectation === 'function') expect(expectation(error)).toBe(true);
              else expect(error).toMatchObject(expectation);
            }
          },
        };
      },
    }),
};

/** The error a decision throws; fails the test when the decision is not refused. */
function refusal(decide: () => unknown): unknown {
  let decided: unknown;
  try {
    decided = decide();
  } catch (error) {
    return error;
  }
  throw new Error(`expected the decision to be refused, but it decided ${JSON.stringify(decided)}`);
}
