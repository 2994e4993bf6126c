/**
 * A route of the table whose feature has not been written yet. The error catalogue in
 * contracts has no code for it, so it is answered here in the same `{ message, code,
 * statusCode }` shape.
 */
export class NotImplementedError extends Error {
  override readonly name = 'NotImplementedError';
  readonly statusCode = 501;
  readonly code = 'NOT_IMPLEMENTED';
  constructor(readonly operationId: string) {
    super(`The operation ${operationId} is not implemented yet`);
  }

  toBody() {
    return { message: this.message, code: this.code, statusCode: this.statusCode };
  }
}
