import pg from 'pg';
// pg's own serialiser of parameter values (arrays, dates, JSON, buffers), so an inlined value is
// byte for byte what the driver would have sent as a parameter.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

/**
 * Rewrites a parameterised statement as plain SQL with each `$n` replaced by a quoted literal.
 *
 * Why: a rebuild replays a million events; one round trip per statement is what bounds it. The
 * simple query protocol runs many `;`-joined statements in one round trip but takes no
 * parameters. pg sends parameters untyped (type "unknown") as text, which is exactly how an
 * untyped quoted literal behaves, so the rewrite changes no type inference: `$1::jsonb`,
 * `COALESCE($2, name)` and `VALUES ($4, $4)` resolve as before.
 *
 * Placeholders inside string literals, quoted identifiers, dollar-quoted bodies and comments are
 * left alone.
 */
export function inlineParams(text: string, params: readonly unknown[] | undefined): string {
  if (!params || params.length === 0) return text;
  const template = templateOf(text);
  let out = template.parts[0]!;
  for (let i = 0; i < template.indexes.length; i += 1) {
    const index = template.indexes[i]!;
    if (index >= params.length) {
      throw new RangeError(`Statement uses $${index + 1} but has ${params.length} parameters`);
    }
    out += toLiteral(params[index]) + template.parts[i + 1]!;
  }
  return out;
}

/** A statement split at its placeholders: `parts[i]`, placeholder `indexes[i]`, `parts[i+1]`… */
export interface StatementTemplate {
  parts: string[];
  indexes: number[];
  /** The highest placeholder number used (0 when none). */
  arity: number;
}

const templates = new Map<string, StatementTemplate>();
const maxTemplates = 2000;

/** Projections reuse a handful of statement texts: each is scanned once. */
export function templateOf(text: string): StatementTemplate {
  let template = templates.get(text);
  if (!template) {
    template = scan(text);
    if (templates.size >= maxTemplates) templates.clear();
    templates.set(text, template);
  }
  return template;
}

function scan(text: string): StatementTemplate {
  const parts: string[] = [];
  const indexes: number[] = [];
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "'" || c === '"') {
      const end = quotedEnd(text, i, c, c === "'" && isEscapeString(text, i));
      out += text.slice(i, end);
      i = end;
    } else if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      out += text.slice(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      out += text.slice(i, stop);
      i = stop;
    } else if (c === '$') {
      const placeholder = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (placeholder && !isIdentifierChar(text[i - 1])) {
        parts.push(out);
        out = '';
        indexes.push(Number(placeholder[1]) - 1);
        i += placeholder[0].length;
        continue;
      }
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag && !isIdentifierChar(text[i - 1])) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        const stop = close === -1 ? n : close + tag[0].length;
        out += text.slice(i, stop);
        i = stop;
        continue;
      }
      out += c;
      i += 1;
    } else {
      out += c;
      i += 1;
    }
  }
  parts.push(out);
  return { parts, indexes, arity: indexes.reduce((max, index) => Math.max(max, index + 1), 0) };
}

const quoteOrBackslash = /['\\]/;

/** A value as an untyped SQL literal, serialised the way pg serialises a parameter. */
export function toLiteral(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'`;
  // pg.escapeLiteral copies character by character; most values have nothing to escape.
  return quoteOrBackslash.test(prepared) ? pg.escapeLiteral(prepared) : `'${prepared}'`;
}

/** Whether the quote at `quoteAt` opens an `E'…'` string (backslash escapes). */
export function isEscapeString(text: string, quoteAt: number): boolean {
  const before = text[quoteAt - 1];
  return (before === 'E' || before === 'e') && !isIdentifierChar(text[quoteAt - 2]);
}

/** Index just past the closing quote; a doubled quote is an escaped one. */
export function quotedEnd(
  text: string,
  start: number,
  quote: string,
  backslashes: boolean,
): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (backslashes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return text.length;
}

export function isIdentifierChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_]/.test(c);
}
