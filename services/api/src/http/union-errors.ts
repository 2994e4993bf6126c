import { escapePointerToken } from '@brand-api/contracts';
import type { TLocalizedValidationError } from 'typebox/error';

type ValidationError = TLocalizedValidationError;

/**
 * What is left to report once every failed union (JSON Schema `anyOf`) is resolved: plain
 * validation errors, or one line already phrased for a field.
 */
export type Finding =
  { kind: 'error'; error: ValidationError } | { kind: 'field'; field: string; message: string };

interface Branch {
  /** Schema path of the branch itself, e.g. `#/properties/badge/anyOf/0`. */
  path: string;
  errors: ValidationError[];
}

/**
 * A failed union reports every branch's errors plus its own "must match a schema in anyOf",
 * which names the union and never the field a client got wrong. The value's own type tells
 * which branch it was meant for: a badge object missing `name` failed `Badge | null` on `name`,
 * not on "must be null". So each union is replaced by
 * - the errors of the branch whose type the value has (the fewest errors when several have it);
 * - one line per alternative property when every such branch only misses required properties
 *   (`anyOf: [{ required: [email] }, { required: [phoneNumber] }]`);
 * - "must be integer or null" when the value has the type of no branch.
 */
export function resolveUnions(errors: readonly ValidationError[]): Finding[] {
  const unions: ValidationError[] = errors.filter((error) => error.keyword === 'anyOf');
  const outermost = unions.filter(
    (union) => !unions.some((other) => other !== union && isInsideBranch(union, other)),
  );
  const findings: Finding[] = [];
  for (const error of errors) {
    if (outermost.includes(error)) {
      findings.push(...resolveUnion(error, errors));
    } else if (!outermost.some((union) => isInsideBranch(error, union))) {
      findings.push({ kind: 'error', error });
    }
  }
  return findings;
}

function resolveUnion(union: ValidationError, errors: readonly ValidationError[]): Finding[] {
  const branches = branchesOf(union, errors);
  const intended = branches.filter((branch) => !isTypeMismatch(branch, union.instancePath));
  if (intended.length === 0) {
    const expected = [...new Set(branches.flatMap((branch) => expectedBy(branch, union)))];
    const message = expected.length > 0 ? `must be ${expected.join(' or ')}` : union.message;
    return [{ kind: 'field', field: union.instancePath, message }];
  }
  if (intended.length > 1 && intended.every((branch) => missesOnlyRequired(branch, union))) {
    return oneOfRequired(union.instancePath, intended);
  }
  const [closest] = [...intended].sort((a, b) => leafCount(a) - leafCount(b));
  return closest ? resolveUnions(closest.errors) : [];
}

/** The errors of each branch of `union`, in branch order. */
function branchesOf(union: ValidationError, errors: readonly ValidationError[]): Branch[] {
  const prefix = `${union.schemaPath}/anyOf/`;
  const branches = new Map<number, Branch>();
  for (const error of errors) {
    if (error === union || !isInsideBranch(error, union)) continue;
    const index = Number.parseInt(error.schemaPath.slice(prefix.length), 10);
    const branch = branches.get(index) ?? { path: `${prefix}${index}`, errors: [] };
    branch.errors.push(error);
    branches.set(index, branch);
  }
  return [...branches.entries()].sort(([a], [b]) => a - b).map(([, branch]) => branch);
}

/** Whether `error` was reported by one of the branches of `union` for the same value. */
function isInsideBranch(error: ValidationError, union: ValidationError): boolean {
  return (
    error.schemaPath.startsWith(`${union.schemaPath}/anyOf/`) &&
    (error.instancePath === union.instancePath ||
      error.instancePath.startsWith(`${union.instancePath}/`))
  );
}

const kindKeywords = new Set(['type', 'const', 'enum']);

/** The value is not of the branch's kind at all (wrong type, not its constant, a nested union of neither). */
function isTypeMismatch(branch: Branch, instancePath: string): boolean {
  return branch.errors.some((error) => {
    if (error.schemaPath !== branch.path || error.instancePath !== instancePath) return false;
    if (kindKeywords.has(error.keyword)) return true;
    if (error.keyword !== 'anyOf') return false;
    return branchesOf(error, branch.errors).every((inner) => isTypeMismatch(inner, instancePath));
  });
}

/** What a mismatched branch wanted, for "must be object or null" and 'must be "a" or "b"'. */
function expectedBy(branch: Branch, union: ValidationError): string[] {
  return branch.errors.flatMap((error) => {
    if (error.schemaPath !== branch.path || error.instancePath !== union.instancePath) return [];
    switch (error.keyword) {
      case 'type':
        return Array.isArray(error.params.type) ? error.params.type : [error.params.type];
      case 'const':
        return [JSON.stringify(error.params.allowedValue)];
      case 'enum':
        return error.params.allowedValues.map((value) => JSON.stringify(value));
      case 'anyOf':
        return branchesOf(error, branch.errors).flatMap((inner) => expectedBy(inner, error));
      default:
        return [];
    }
  });
}

function missesOnlyRequired(branch: Branch, union: ValidationError): boolean {
  return branch.errors.every(
    (error) => error.keyword === 'required' && error.instancePath === union.instancePath,
  );
}

/** "one of email or phoneNumber is required", on each of those fields. */
function oneOfRequired(instancePath: string, branches: readonly Branch[]): Finding[] {
  const alternatives = branches.map((branch) =>
    branch.errors.flatMap((error) =>
      error.keyword === 'required' ? error.params.requiredProperties : [],
    ),
  );
  const phrased = alternatives.map((properties) =>
    properties.length === 1 ? properties.join('') : `(${properties.join(' and ')})`,
  );
  const message = `one of ${phrased.join(' or ')} is required`;
  const properties = [...new Set(alternatives.flat())];
  return properties.map((property) => ({
    kind: 'field',
    field: `${instancePath}/${escapePointerToken(property)}`,
    message,
  }));
}

/** Errors that name a rule, not the union bookkeeping around them. */
function leafCount(branch: Branch): number {
  return branch.errors.filter((error) => error.keyword !== 'anyOf').length;
}
