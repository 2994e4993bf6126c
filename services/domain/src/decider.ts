import { absent } from './errors';

/** What the command engine and the tests use of an aggregate: how it decides and folds. */
export interface AggregateDecider<Command, State, Event, Decision> {
  decide: (command: Command, state: State) => Decision;
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

/**
 * The decider of an aggregate whose stream starts absent (all but the likes and the claims).
 * `evolve` is typed over `State | { status: 'absent' }`: the compiler refuses a state that cannot
 * be absent, which is what makes `absent` a `State` here.
 */
export function decider<Command, State, Event, Decision>(
  decide: (command: Command, state: State) => Decision,
  evolve: (state: State | { status: 'absent' }, event: Event) => State,
): AggregateDecider<Command, State, Event, Decision> {
  return { decide, evolve, initialState: absent as () => State };
}
