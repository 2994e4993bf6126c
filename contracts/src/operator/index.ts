import { adminOperations } from './brands';
import { memberAdminOperations, roomAdminOperations } from './community';
import type { OperationContract } from './operation';
import { operatorToolOperations } from './tools';
import { webhookAdminOperations } from './webhooks';

export * from './operation';
export * from './brands';
export * from './community';
export * from './webhooks';
export * from './audit-views';
export * from './projection-views';
export * from './tools';
export * from './openapi';

export const OPERATOR_BASE_PATH = '/admin/v1';

type ById<Ops extends readonly OperationContract[]> = {
  [O in Ops[number] as O['operationId']]: O;
};

const byId = <const Ops extends readonly OperationContract[]>(operations: Ops): ById<Ops> =>
  Object.fromEntries(
    operations.map((operation) => [operation.operationId, operation]),
  ) as ById<Ops>;

/** Every operation of the operator API by operationId: what `brandctl` calls. */
export const operatorApi = byId([
  ...adminOperations,
  ...roomAdminOperations,
  ...memberAdminOperations,
  ...webhookAdminOperations,
  ...operatorToolOperations,
]);
