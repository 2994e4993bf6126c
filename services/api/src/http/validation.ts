import { ApiError, compileQueryCoercion } from '@brand-api/contracts';
import type { ErrorDetail, RawQuery } from '@brand-api/contracts';
import type { TObject, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { escapePointer, resolveUnions } from './union-errors';

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
  for (const finding of resolveUnions(errors)) {
    if (finding.kind === 'field') {
      add(finding.field, finding.message);
      continue;
    }
    const { error } = finding;
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
      case 'enum':
        add(
          error.instancePath,
          `must be one of ${error.params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`,
        );
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
