export { buildProgram, runCli, defaultUrl } from './program';
export type { CliIo } from './program';
export { createOperatorClient, OperatorApiError, OperatorConnectionError } from './operator-client';
export type {
  ApiKeySummary,
  Brand,
  ErrorBody,
  IssuedApiKey,
  Member,
  OperatorClient,
  OperatorClientOptions,
  Page,
} from './operator-client';
