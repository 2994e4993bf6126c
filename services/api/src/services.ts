import type { Database, EventStore, ProjectionWaiter } from '@brand-api/event-store';
import type { Logger } from 'pino';
import type { Application } from './application';
import type { ApiKeyAuthenticator } from './brand-api/auth/api-key-authenticator';
import type { ReadCache } from './http/read-cache';

/** What the API surfaces' handlers use; built once by `createApp` from its dependencies. */
export interface AppServices {
  /** The use cases: every write goes through them. */
  application: Application;
  /** Reads: the read tables (and the log, for operator tools). */
  db: Database;
  eventStore: EventStore;
  /** The projection runner: read-after-write, change notices, parked events. */
  projections: ProjectionWaiter;
  authenticator: ApiKeyAuthenticator;
  clock: () => Date;
  ids: () => string;
  logger: Logger;
  /** PUBLIC_URL: the API's own address, where magic links point. */
  publicUrl: string;
  /** MEMBERS_URL: the members' front end (see `community-api/urls.ts`), when configured. */
  membersUrl: string | undefined;
  /** Answers of catalogue reads, kept while provably fresh (see ReadCache). */
  catalogueCache: ReadCache;
}
