import type { ErrorBody } from '@brand-api/contracts';

/** The catalogued error body; `HTTP_ERROR` (no request id) when something else answered. */
export type ErrorAnswer = Omit<ErrorBody, 'code' | 'requestId'> & {
  code: ErrorBody['code'] | 'HTTP_ERROR';
  requestId?: string;
};
