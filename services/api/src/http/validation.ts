import {
  ApiError,
  compileQueryCoercion,
  DATE_TIME_PATTERN,
  escapePointerToken,
  findUnstorableText,
  formatInWords,
  patternInWords,
} from '@brand-api/contracts';
import type { ErrorDetail, RawQuery } from '@brand-api/contracts';
import type { TObject, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { compileDefaults } from './body-defaults';
import { unknownPropertyMessage } from './unknown-properties';
import type { RequestPart } from './unknown-properties';
import { resolveUnions } from './union-errors';
import type { Finding } from './union-errors';

export type { RequestPart };

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
      details: toDetails(part, validator.Errors(candidate), schema),
    });
  };
}

export function compileBodyPart(schema: TSchema): PartValidator {
  const validator = Compile(schema);
  const applyDefaults = compileDefaults(schema) ?? ((value) => validator.Default(value));
  return (value) => {
    refuseUnstorableText('body', value);
    const candidate = applyDefaults(value);
    if (validator.Check(candidate)) return candidate;
    throw new ApiError('VALIDATION_FAILED', {
      details: toDetails('body', validator.Errors(candidate), schema),
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

/**
 * One detail per failing field, phrased for the client: patterns and formats in words, an
 * unknown property with the names the schema takes and the closest of them. `schema` is the
 * one the errors came from (it names the properties an object takes).
 */
export function toDetails(
  location: RequestPart,
  errors: readonly TLocalizedValidationError[],
  schema?: TSchema,
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  // One message per field: a URL that is no URI at all also misses the http(s) pattern, and the
  // first rule it breaks says enough (patterns, the more specific, come before formats).
  const add = (field: string, message: string) => {
    if (seen.has(field) || details.length >= maxDetails) return;
    seen.add(field);
    details.push({ location, field: field === '' ? '/' : field, message });
  };
  // A value that is no date-time at all also misses the instant pattern: say the format only.
  const badFormat = new Set(
    errors.filter((error) => error.keyword === 'format').map((error) => error.instancePath),
  );
  for (const finding of formatsLast(resolveUnions(errors))) {
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
          add(
            `${error.instancePath}/${escapePointerToken(property)}`,
            unknownPropertyMessage(location, property, schema, error.schemaPath),
          );
        }
        break;
      case 'enum':
        add(
          error.instancePath,
          `must be one of ${error.params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`,
        );
        break;
      case 'pattern':
        if (error.params.pattern === DATE_TIME_PATTERN && badFormat.has(error.instancePath)) break;
        add(error.instancePath, patternInWords(String(error.params.pattern)) ?? error.message);
        break;
      case 'format':
        add(error.instancePath, formatInWords(error.params.format) ?? error.message);
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

/** Format findings after the rest, so a field's pattern (in words, more specific) is said first. */
function formatsLast(findings: readonly Finding[]): Finding[] {
  const isFormat = (finding: Finding) =>
    finding.kind === 'error' && finding.error.keyword === 'format';
  return [...findings.filter((f) => !isFormat(f)), ...findings.filter(isFormat)];
}
