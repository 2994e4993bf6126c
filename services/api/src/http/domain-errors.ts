import { ApiError } from '@brand-api/contracts';
import type { ErrorCode } from '@brand-api/contracts';
import { DomainError } from '@brand-api/domain';
import type { DomainRule } from '@brand-api/domain';
import {
  ChangedConcurrentlyError,
  ForeignStreamError,
  WriteNotAppliedError,
} from '@brand-api/event-store';
import { preconditionFailure } from './conditional';
import { jsonPointer } from './json-pointer';

/** The catalogue code each domain rule is answered with. */
const codeOf: Record<DomainRule, ErrorCode> = {
  'not-found': 'NOT_FOUND',
  'already-taken': 'CONFLICT',
  invalid: 'VALIDATION_FAILED',
  'changed-concurrently': 'CONFLICT',
  'member-banned': 'MEMBER_BANNED',
  'session-ended': 'SESSION_REQUIRED',
  'role-required': 'ROLE_REQUIRED',
  'email-verification-not-allowed': 'EMAIL_VERIFICATION_NOT_ALLOWED',
  'custom-auth-not-enabled': 'CUSTOM_AUTH_NOT_ENABLED',
  'sign-up-not-allowed': 'SIGN_UP_NOT_ALLOWED',
  'webhook-target-not-allowed': 'WEBHOOK_TARGET_NOT_ALLOWED',
  'webhook-endpoint-disabled': 'CONFLICT',
  'webhook-message-delivered': 'CONFLICT',
  'magic-link-unknown': 'MAGIC_LINK_INVALID',
  'magic-link-used': 'MAGIC_LINK_USED',
  'magic-link-expired': 'MAGIC_LINK_EXPIRED',
};

/**
 * A command refused by the domain, as the HTTP answer: the rule's catalogue code, the fields
 * it names as pointers into the request body (commands are built from bodies; a path id that
 * names nothing is NOT_FOUND, which names no field), and the part of a bulk body refused.
 */
export function apiErrorOf(error: DomainError): ApiError {
  const code = codeOf[error.rule];
  const message = error.explained ? error.message : new ApiError(code).message;
  return new ApiError(code, {
    message: error.part.length > 0 ? `Record ${jsonPointer(error.part)}: ${message}` : message,
    ...(error.problems.length > 0
      ? {
          details: error.problems.map(({ path, message: problem }) => ({
            location: 'body' as const,
            field: jsonPointer(path),
            message: problem,
          })),
        }
      : {}),
    cause: error,
  });
}

/**
 * A refusal of the domain or of the command engine as a catalogued error; undefined for
 * anything else (a bug, or a database that cannot be reached).
 */
export function commandFailure(error: unknown): ApiError | undefined {
  if (error instanceof DomainError) return apiErrorOf(error);
  if (error instanceof ChangedConcurrentlyError) {
    return new ApiError('CONFLICT', { message: error.message, cause: error });
  }
  // Another brand's entity: reported like an unknown one, never as someone else's.
  if (error instanceof ForeignStreamError) return new ApiError('NOT_FOUND', { cause: error });
  const preconditionFailed = preconditionFailure(error);
  if (preconditionFailed) return preconditionFailed;
  if (error instanceof WriteNotAppliedError) {
    return new ApiError('WRITE_NOT_APPLIED', { cause: error });
  }
  return undefined;
}
