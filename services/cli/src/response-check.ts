import type { OperationContract } from '@brand-api/contracts';
import type { TSchema } from 'typebox';

/** An answer that does not match its operation's response schema: the contract is broken. */
export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';
}

/**
 * Checks answers against their operation's response schema, each validator compiled once.
 * The compiler is loaded on first use, so a normal `brandctl` run never pays for it.
 */
export function responseChecker(): (
  operation: OperationContract,
  answer: unknown,
) => Promise<void> {
  const validators = new WeakMap<
    TSchema,
    {
      Check(value: unknown): boolean;
      Errors(value: unknown): { instancePath: string; message: string }[];
    }
  >();
  return async (operation, answer) => {
    if (!operation.response) return;
    let validator = validators.get(operation.response);
    if (!validator) {
      const { Compile } = await import('typebox/compile');
      validator = Compile(operation.response);
      validators.set(operation.response, validator);
    }
    if (validator.Check(answer)) return;
    const errors = validator
      .Errors(answer)
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message}`);
    throw new ResponseContractError(
      `${operation.operationId} answered outside its response schema: ${errors.join('; ')}`,
    );
  };
}
