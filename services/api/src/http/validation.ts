import { ApiError, coerceQuery } from '@brand-api/contracts';
import type { ErrorDetail, RawQuery } from '@brand-api/contracts';
import type { TObject, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';

export type RequestPart = 'path' | 'query' | 'body';

/** At most this many failing fields are reported; one bad record can break many rules. */
const maxDetails = 20;

/**
 * A validator for one part of a request, compiled once when the app is built. Query strings
 * and path parameters arrive as text: they are converted with the contracts' strict
 * `coerceQuery` (exact number and boolean spellings only) and given their defaults before the
 * check. Bodies are JSON and must match as sent, defaults applied.
 */
export type PartValidator = (value: unknown) => unknown;

export function compileTextPart(part: 'path' | 'query', schema: TObject): PartValidator {
  const validator = Compile(schema);
  return (value) => {
    const candidate = coerceQuery(schema, value as RawQuery);
    if (validator.Check(candidate)) return candidate;
    throw new ApiError('VALIDATION_FAILED', {
      details: toDetails(part, validator.Errors(candidate)),
    });
  };
}

export function compileBodyPart(schema: TSchema): PartValidator {
  const validator = Compile(schema);
  return (value) => {
    const candidate = validator.Default(value);
    if (validator.Check(candidate)) return candidate;
    throw new ApiError('VALIDATION_FAILED', {
      details: toDetails('body', validator.Errors(candidate)),
    });
  };
}

export function toDetails(
  location: RequestPart,
  errors: readonly TLocalizedValidationError[],
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string) => {
    const key = `${field}\u0000${message}`;
    if (seen.has(key) || details.length >= maxDetails) return;
    seen.add(key);
    details.push({ location, field: field === '' ? '/' : field, message });
  };
  const alternatives = unionFailures(errors);
  for (const error of errors) {
    const union = alternatives.get(error.instancePath);
    if (union !== undefined) {
      // One line per field for `T | null` and other unions, instead of one per branch.
      add(error.instancePath, union);
      continue;
    }
    switch (error.keyword) {
      case 'required':
        for (const property of error.params.requiredProperties) {
          add(`${error.instancePath}/${escapePointer(property)}`, 'is required');
        }
        break;
      case 'additionalProperties':
        for (const property of error.params.additionalProperties) {
          add(`${error.instancePath}/${escapePointer(property)}`, 'is not allowed');
        }
        break;
      case 'boolean':
        // `additionalProperties: false` reports each extra property twice; keep the clearer one.
        if (error.schemaPath.endsWith('/additionalProperties')) break;
        add(error.instancePath, error.message);
        break;
      default:
        add(error.instancePath, error.message);
    }
  }
  if (details.length === 0) details.push({ location, field: '/', message: 'is invalid' });
  return details;
}

/**
 * Fields whose union (anyOf) failed, with one message for all branches: "must be integer or
 * null" when every branch failed on its type, the union's own message otherwise.
 */
function unionFailures(errors: readonly TLocalizedValidationError[]): Map<string, string> {
  const failures = new Map<string, string>();
  for (const error of errors) {
    if (error.keyword !== 'anyOf') continue;
    const branches = errors.filter(
      (other) => other !== error && other.instancePath === error.instancePath,
    );
    const types = branches.flatMap((branch) =>
      branch.keyword === 'type' ? [String(branch.params.type)] : [],
    );
    failures.set(
      error.instancePath,
      types.length === branches.length && types.length > 0
        ? `must be ${types.join(' or ')}`
        : error.message,
    );
  }
  return failures;
}

/** JSON pointer escaping (RFC 6901). */
function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
