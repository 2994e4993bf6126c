import type { AuditFieldChange as FieldChange } from '@brand-api/contracts';

/** Values never shown to operators, even in audit views: whoever holds them can act as the brand. */
const secretField = /secret|keyhash|token|password/i;
export const redacted = '[redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isPlainObject(value) && (prefix === '' || Object.keys(value).length > 0)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix === '' ? key : `${prefix}.${key}`, out);
    }
    return;
  }
  out.set(prefix, value);
}

const hide = (field: string, value: unknown) =>
  value !== undefined && secretField.test(field) ? redacted : value;

/**
 * What an event changed, as the fields of the folded state that differ before and after it
 * (arrays compare as whole values). A field that did not exist before has `before: undefined`.
 */
export function diffStates(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, '', a);
  flatten(after, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .filter((field) => JSON.stringify(a.get(field)) !== JSON.stringify(b.get(field)))
    .map((field) => ({
      field,
      before: hide(field, a.get(field)),
      after: hide(field, b.get(field)),
    }));
}

/** The state with secret fields replaced, for time travel answers. */
export function redactState(state: unknown): unknown {
  if (Array.isArray(state)) return state.map(redactState);
  if (!isPlainObject(state)) return state;
  return Object.fromEntries(
    Object.entries(state).map(([key, value]) => [
      key,
      secretField.test(key) ? redacted : redactState(value),
    ]),
  );
}
