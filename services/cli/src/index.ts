export { buildProgram, runCli, defaultUrl } from './program';
export type { CliIo } from './program';
export {
  createOperatorApiClient,
  OperatorApiError,
  OperatorConnectionError,
} from './operator-api-client';
export type {
  ErrorAnswer,
  OperationInput,
  OperatorApiClient,
  OperatorApiClientOptions,
} from './operator-api-client';
export { ResponseContractError } from './response-check';
