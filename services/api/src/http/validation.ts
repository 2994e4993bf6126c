import {
  ApiError,
  compileQueryCoercion,
  DATE_TIME_PATTERN,
  escapePointerToken,
  findUnstorableText,
} from '@brand-api/contracts';
import type { ErrorDetail, RawQuery } from '@brand-api/contracts';
import type { TObject, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { resolveUnions } from './union-errors';

export type RequestPart = 'path' | 'query' | 'body';

/** At most this many failing fields are reported; one bad record can break many rules. */
const maxDetails = 20;

/**
 * A validator for one part of a request, compiled once when the app is built. Query strings
 * and path parameters arrive as text: they are converted with the contracts' strict
 * `compileQueryCoercion` (exact number and boolean spellings only) and given their defaults
 * before the check. Bodies are JSON and must match as sent, defaults applied.
 */
export type PartValidator = (value: unknown) => unknown;

export function compileTextPart(part: 'path' | 'query', schema: TObject): PartValidator {
  const validator = Compile(schema);
  const coerce = compileQueryCoercion(schema);
  return (value) => {
    refuseUnstorableText(part, value);
    const candidate = coerce(value as RawQuery);
    if (validator.Check(candidate)) return candidate;
    throw new ApiError('VALIDATION_FAILED', {
      details: toDetails(part, validator.Errors(candidate)),
    });
  };
}

export function compileBodyPart(schema: TSchema): PartValidator {
  const validator = Compile(schema);
  return (value) => {
    refuseUnstorableText('body', value);
    const candidate = validator.Default(value);
    if (validator.Check(candidate)) return candidate;
    throw new ApiError('VALIDATION_FAILED', {
      details: toDetails('body', validator.Errors(candidate)),
    });
  };
}

/**
 * Strings the log and the read tables cannot hold (NUL, unpaired surrogates) are refused
 * before the schema check, whatever the field, so no operation can forget the rule.
 */
function refuseUnstorableText(location: RequestPart, value: unknown): void {
  const findings = findUnstorableText(value, maxDetails);
  if (findings.length === 0) return;
  throw new ApiError('VALIDATION_FAILED', {
    message: 'The request contains text that cannot be stored',
    details: findings.map(({ pointer, message }) => ({
      location,
      field: pointer === '' ? '/' : pointer,
      message,
    })),
  });
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
  // A value that is no date-time at all also misses the instant pattern: say the first only.
  const badFormat = new Set(
    errors.filter((error) => error.keyword === 'format').map((error) => error.instancePath),
  );
  for (const finding of resolveUnions(errors)) {
    if (finding.kind === 'field') {
      add(finding.field, finding.message);
      continue;
    }
    const { error } = finding;
    switch (error.keyword) {
      case 'required':
        for (const property of error.params.requiredProperties) {
          add(`${error.instancePath}/${escapePointerToken(property)}`, 'is required');
        }
        break;
      case 'additionalProperties':
        for (const property of error.params.additionalProperties) {
          add(`${error.instancePath}/${escapePointerToken(property)}`, 'is not allowed');
        }
        break;
      case 'enum':
        add(
          error.instancePath,
          `must be one of ${error.params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`,
        );
        break;
      case 'pattern':
        if (error.params.pattern !== DATE_TIME_PATTERN) add(error.instancePath, error.message);
        else if (!badFormat.has(error.instancePath)) {
          add(
            error.instancePath,
            'must be an instant from year 0001 to 9999 with a UTC offset of at most ±15:59 and seconds from 00 to 59',
          );
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
