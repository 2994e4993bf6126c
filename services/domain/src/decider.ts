import { absent } from './errors';

/**
 * The one shape of every decider (Emmett's `Decider`): how an aggregate decides the events a
 * command makes from its state, and how it folds its events into that state. The domain's
 * aggregates are deciders, and the command engine (event-store's unit of work) runs them.
 */
export interface Decider<Command, State, Event> {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

/**
 * The decider of an aggregate whose stream starts absent (all but the likes and the claims).
 * `evolve` is typed over `State | { status: 'absent' }`: the compiler refuses a state that cannot
 * be absent, which is what makes `absent` a `State` here.
 */
export function decider<Command, State, Event>(
  decide: (command: Command, state: State) => Event[],
  evolve: (state: State | { status: 'absent' }, event: Event) => State,
): Decider<Command, State, Event> {
  return { decide, evolve, initialState: absent as () => State };
}
