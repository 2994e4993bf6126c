/**
 * Text the event log and the read tables can hold. Postgres `text` and `jsonb` store Unicode
 * scalar values except U+0000: a NUL, or a surrogate code unit without its partner (JSON's
 * `"\ud800"`), makes the append or the projection fail. Every string a request carries, in its
 * body, its query or its path, is held to this rule before anything is decided.
 */

/** NUL, or a surrogate code unit: the only characters that can make a string unstorable. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const suspect = /[\u0000\ud800-\udfff]/;

/** Why `text` cannot be stored, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  if (!suspect.test(text)) return undefined;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return 'must not contain the NUL character (U+0000)';
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return 'must be valid Unicode (it contains an unpaired surrogate)';
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      return 'must be valid Unicode (it contains an unpaired surrogate)';
    }
  }
  return undefined;
}

export interface UnstorableTextFinding {
  /** JSON pointer of the string (or of the object key) within the value. */
  pointer: string;
  message: string;
}

/**
 * Every string, and every object key, in a JSON value that cannot be stored (at most `max`),
 * in document order. Walked with a stack of its own, not by recursion, so no nesting depth can
 * overflow the call stack.
 */
export function findUnstorableText(value: unknown, max = 20): UnstorableTextFinding[] {
  const findings: UnstorableTextFinding[] = [];
  if (!holdsUnstorableText(value)) return findings;
  // Pending nodes, last first; a key's finding is queued before its value's.
  const pending: ({ node: unknown; pointer: string } | UnstorableTextFinding)[] = [
    { node: value, pointer: '' },
  ];
  for (
    let next = pending.pop();
    next !== undefined && findings.length < max;
    next = pending.pop()
  ) {
    if ('message' in next) {
      findings.push(next);
      continue;
    }
    const { node, pointer } = next;
    if (typeof node === 'string') {
      const message = unstorableText(node);
      if (message) findings.push({ pointer, message });
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    const children: (typeof pending)[number][] = [];
    if (Array.isArray(node)) {
      node.forEach((item, index) =>
        children.push({ node: item as unknown, pointer: `${pointer}/${index}` }),
      );
    } else {
      for (const [key, child] of Object.entries(node)) {
        const childPointer = `${pointer}/${escapePointerToken(key)}`;
        const message = unstorableText(key);
        if (message) children.push({ pointer: childPointer, message: `name ${message}` });
        children.push({ node: child, pointer: childPointer });
      }
    }
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
  }
  return findings;
}

/**
 * Whether any string or object key in `value` cannot be stored: the common answer, no, without
 * naming a pointer for every node (a bulk call's thousand strings; issue 24's profile).
 */
function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'string') {
      if (unstorableText(node)) return true;
    } else if (Array.isArray(node)) {
      for (const item of node) pending.push(item);
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (unstorableText(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** RFC 6901: `~` and `/` inside a pointer token. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
