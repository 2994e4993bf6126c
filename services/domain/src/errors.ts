/**
 * Why a command is refused, in the domain's words: which rule it breaks and, when fields of the
 * command are to blame, where they are, as paths of keys into the command's data. A decider
 * knows no HTTP status and no JSON pointer into a request: the edge that received the command
 * (an API route, a bulk record, a CLI flag) says where those fields were, as Emmett's deciders
 * throw `IllegalStateError` and leave the mapping to the web layer.
 */
export type DomainRule =
  /** The entity does not exist, or belongs to another brand. */
  | 'not-found'
  /** A unique value (a store id, an email, an id) is held by someone else. */
  | 'already-taken'
  /** A value breaks a rule of the entity; the problems name the fields. */
  | 'invalid'
  /** The command lost every race for its streams; decided again, it kept losing. */
  | 'changed-concurrently'
  /** The member is banned and may not act. */
  | 'member-banned'
  /** The signed-in member no longer exists: their session signs nobody in. */
  | 'session-ended'
  /** Only moderators and admins may do this. */
  | 'role-required'
  /** Only brands with custom authentication may set whether an email is verified. */
  | 'email-verification-not-allowed'
  /** The brand does not use custom authentication (magic links). */
  | 'custom-auth-not-enabled'
  /** The brand signs members in through its own authentication: no sign-up. */
  | 'sign-up-not-allowed'
  /** A webhook URL points at a private, loopback or link-local address. */
  | 'webhook-target-not-allowed'
  /** The webhook endpoint is disabled: enable it first. */
  | 'webhook-endpoint-disabled'
  /** The webhook message is delivered to every endpoint it went to: there is nothing to send. */
  | 'webhook-message-delivered'
  | 'magic-link-unknown'
  | 'magic-link-used'
  | 'magic-link-expired';

/** One field the command got wrong: its path in the command's data, and what is wrong. */
export interface DomainProblem {
  path: readonly (string | number)[];
  message: string;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly problems: readonly DomainProblem[];
  /** False when the rule says it all: the edge then uses its own wording of the rule. */
  readonly explained: boolean;
  /** Which part of a larger command was refused (a bulk call's record); empty for the whole. */
  readonly part: readonly (string | number)[];

  constructor(
    readonly rule: DomainRule,
    options: {
      message?: string;
      problems?: readonly DomainProblem[];
      part?: readonly (string | number)[];
    } = {},
  ) {
    super(options.message ?? rule);
    this.problems = options.problems ?? [];
    this.explained = options.message !== undefined;
    this.part = options.part ?? [];
  }

  /**
   * The same refusal for a command that is one part of a larger one (a bulk call's record at
   * `part`): its problems' paths start there. A taken value or a lost race stays what it is;
   * anything else makes the part invalid.
   */
  within(part: readonly (string | number)[]): DomainError {
    const keeps = this.rule === 'already-taken' || this.rule === 'changed-concurrently';
    const problems =
      this.problems.length > 0 ? this.problems : [{ path: [], message: this.message }];
    return new DomainError(keeps ? this.rule : 'invalid', {
      ...(this.explained ? { message: this.message } : {}),
      problems: problems.map((problem) => ({ ...problem, path: [...part, ...problem.path] })),
      part,
    });
  }
}

/** A value of the command breaks a rule: `path` names it in the command's data. */
export function invalid(
  path: readonly (string | number)[],
  message: string,
  summary?: string,
): DomainError {
  return new DomainError('invalid', {
    ...(summary === undefined ? {} : { message: summary }),
    problems: [{ path, message }],
  });
}

/** The entity is not there, or not this brand's. */
export function notFound(message?: string): DomainError {
  return new DomainError('not-found', message === undefined ? {} : { message });
}

/** A unique value is held by another entity. */
export function alreadyTaken(message: string, path?: readonly (string | number)[]): DomainError {
  return new DomainError('already-taken', {
    message,
    ...(path === undefined ? {} : { problems: [{ path, message: 'is already taken' }] }),
  });
}

/** A creation needs a stream nothing was written to yet: a deleted entity's id stays taken. */
export function assertNew(state: { status: string }, message: string): void {
  if (state.status !== 'absent') throw alreadyTaken(message);
}

/** Statuses of an entity that is not there: never created, or deleted. */
type Gone = { status: 'absent' } | { status: 'deleted' };

/**
 * The state of an entity a command or a query needs to exist: anything never created or
 * deleted is not found. One guard for every aggregate (a revoked key or a disabled endpoint
 * still exists).
 */
export function existing<S extends { status: string }>(
  state: S,
  message?: string,
): Exclude<S, Gone> {
  if (state.status === 'absent' || state.status === 'deleted') throw notFound(message);
  return state as Exclude<S, Gone>;
}

/**
 * The state after an update event: its `changes` replace those fields of an entity that
 * exists; before the entity's creation, or after its deletion, the state stays as it was.
 */
export function withChanges<S extends { status: string }>(
  state: S,
  changes: Partial<Exclude<S, Gone>>,
): S {
  if (state.status === 'absent' || state.status === 'deleted') return state;
  return { ...state, ...changes };
}

/**
 * The `default` of a switch over every type of a union: the compiler refuses a call it can
 * reach, so a type added to the union without its case does not compile.
 */
export function unreachable(value: never): never {
  throw new TypeError(`No case for ${JSON.stringify(value)}`);
}

/** Where every aggregate's state starts: nothing has happened on its stream yet. */
export const absent = (): { status: 'absent' } => ({ status: 'absent' });
