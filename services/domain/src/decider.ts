import { absent } from './errors';

/** What the command engine and the tests use of an aggregate: how it decides and folds. */
export interface AggregateDecider<Command, State, Event, Decision> {
  decide: (command: Command, state: State) => Decision;
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

/**
 * A member's like of a post or of a comment, in a small stream of its own per member and liked
 * item (likes never contend with each other): liked once, never twice.
 */
export interface LikeState {
  liked: boolean;
}

/** The decider of a like stream: `decide` records the like unless the state says it is there. */
export function likeDecider<Command, Liked>(
  decide: (command: Command, state: LikeState) => Liked[],
): AggregateDecider<Command, LikeState, Liked, Liked[]> {
  return { decide, evolve: () => ({ liked: true }), initialState: () => ({ liked: false }) };
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
