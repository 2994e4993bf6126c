import { DomainError } from './errors';
import type { DomainProblem } from './errors';

/**
 * What is wrong with a trimmed text field that must have 1 to `max` characters, if anything.
 * Characters are code points, as the contracts' `maxLength` counts them.
 */
export function lengthProblem(
  text: string,
  path: readonly (string | number)[],
  max: number,
): DomainProblem | undefined {
  if (text.length > 0 && [...text].length <= max) return undefined;
  return { path, message: `must be 1 to ${max} characters` };
}

/** A text field of a command (a name, a title), trimmed; refused unless it has 1 to `max` characters. */
export function requiredText(raw: string, path: readonly (string | number)[], max: number): string {
  const text = raw.trim();
  const problem = lengthProblem(text, path, max);
  if (problem !== undefined) throw new DomainError('invalid', { problems: [problem] });
  return text;
}
