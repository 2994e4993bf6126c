export { createApp, apiPrefix, adminPrefix } from './app';
export type { AppConfig, AppDeps, BrandApiApp } from './app';
export type { AppServices } from './services';
export { collectHandlers } from './features';
export type { ApiHandlers, ApiRoute, Feature } from './features';
export { apiFeatures } from './features';
export { createCommandRunner } from './commands/command-runner';
export type {
  CommandContext,
  CommandOutcome,
  CommandRunner,
  Decider,
  DomainEvent,
  ProjectionWaiter,
} from './commands/command-runner';
export type { ApiKeyPrincipal, ApiKeyAuthenticator } from './auth/api-key-authenticator';
export { generateApiKey, hashApiKey } from './auth/api-key-secret';
export { hashAdminToken } from './admin/admin-auth';
export type { OperationHandler, OperationRequest, OperationResult } from './http/operation';
export { loadConfig, ConfigError } from './runtime/config';
export type { RuntimeConfig, Role } from './runtime/config';
export { startRuntime } from './runtime/start';
export type { RunningRuntime } from './runtime/start';
export { allMigrations, apiMigrations } from './runtime/migrations';
export { readModelProjections } from './runtime/projections';
