import type { Database, EventStore } from '@brand-api/event-store';
import type { Logger } from 'pino';
import type { ApiKeyAuthenticator } from './auth/api-key-authenticator';
import type { CommandContext, CommandRunner, ProjectionWaiter } from './commands/command-runner';
import type { StreamStates } from './commands/stream-states';
import type { ReadCache } from './http/read-cache';

/** What feature handlers may use; built once by `createApp` from its dependencies. */
export interface AppServices {
  db: Database;
  eventStore: EventStore;
  commands: CommandRunner;
  /** Read-after-write for handlers that append without the command runner. */
  projections: ProjectionWaiter;
  /** Bound on that wait (default 5 s). */
  commandWaitMs: number;
  authenticator: ApiKeyAuthenticator;
  clock: () => Date;
  ids: () => string;
  logger: Logger;
  /** PUBLIC_URL, where magic links and post URLs point. */
  publicUrl: string;
  /** Answers of catalogue reads, kept while provably fresh (see ReadCache). */
  catalogueCache: ReadCache;
  /** Folded states of recently loaded streams, so commands read only newer events. */
  streamStates: StreamStates;
}

export type { CommandContext };
