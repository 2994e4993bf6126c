export { buildProgram, runCli, defaultUrl } from './program';
export type { CliIo } from './cli-io';
export {
  createOperatorApiClient,
  OperatorApiError,
  OperatorConnectionError,
} from './operator-api-client';
export type { ErrorAnswer } from './error-answer';
export type {
  OperationInput,
  OperatorApiClient,
  OperatorApiClientOptions,
} from './operator-api-client';
export { ResponseContractError } from './response-check';
