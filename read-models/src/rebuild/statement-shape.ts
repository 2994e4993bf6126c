import { isEscapeString, isIdentifierChar, quotedEnd } from './inline-params';

/**
 * What a projection statement does, as far as a conservative parse can tell: which single table
 * it writes and whether it may be coalesced with its neighbours (statement-batch.ts). Anything
 * this parse does not fully understand is a barrier, run exactly where it stands.
 */
export type StatementShape = { kind: 'barrier' } | TableWrite;

/**
 * `INSERT INTO t (...) VALUES (...) [ON CONFLICT ... DO NOTHING]`, `UPDATE t SET ... [WHERE ...]`
 * or `DELETE FROM t [WHERE ...]`: reads and writes table `t` only, no sub-SELECT, no FROM or
 * USING, no RETURNING, and calls no function outside a short list of built-in pure ones.
 */
export interface TableWrite {
  kind: 'write';
  /**
   * The relation's name without its schema, as Postgres folds it: the unit of ordering. Two
   * spellings that may name the same table (`brands`, `public.brands`) share it.
   */
  table: string;
  /** The name as written (maybe schema-qualified), for `to_regclass`. */
  tableText: string;
  /** Present when the statement may join a multi-row INSERT (see InsertValues). */
  values?: InsertValues;
}

/**
 * `INSERT INTO t (c1, ...) VALUES ($i, ...) ON CONFLICT ... DO NOTHING` where every VALUES item
 * is a bare placeholder: consecutive ones with the same text become one INSERT whose VALUES
 * list holds one tuple each, `head + tuples + tail`.
 */
export interface InsertValues {
  /** Target columns as Postgres folds them, in order. */
  columns: string[];
  /** 0-based placeholder index of each VALUES item, in column order. */
  items: number[];
  /** The text before the tuple's `(` and after its `)`. */
  head: string;
  tail: string;
}

interface Token {
  kind: 'word' | 'ident' | 'param' | 'literal' | 'op';
  /** Words lower-cased (ASCII, as Postgres folds them), identifiers unquoted, operators as is. */
  value: string;
  start: number;
  end: number;
}

const barrier: StatementShape = { kind: 'barrier' };

/** Words that may stand before `(` in an expression without being a function call. */
const notCalls = new Set(
  'and or not then else when case where in any all some is like ilike between distinct similar escape'.split(
    ' ',
  ),
);

/**
 * The only functions an expression may call: SQL syntax (coalesce … cast) and built-in array
 * and text functions that read no table. Any other call might be a function reading another
 * table, so its statement is a barrier.
 */
const pureFunctions = new Set(
  'coalesce nullif greatest least cast array_remove array_append array_prepend array_cat lower upper'.split(
    ' ',
  ),
);

/**
 * Words that bring another relation, a result, or a second command into a statement (or that
 * only the statement's frame may use): an expression containing one is a barrier.
 */
const frameWords = new Set(
  'select with from using returning join lateral table values into insert update delete merge current do on conflict only execute call copy window over'.split(
    ' ',
  ),
);

const shapes = new Map<string, StatementShape>();
const maxShapes = 2000;

/** Projections reuse a handful of statement texts: each is parsed once. */
export function shapeOf(text: string): StatementShape {
  let shape = shapes.get(text);
  if (!shape) {
    const tokens = tokenize(text);
    shape = tokens ? classify(text, tokens) : barrier;
    if (shapes.size >= maxShapes) shapes.clear();
    shapes.set(text, shape);
  }
  return shape;
}

function classify(text: string, tokens: Token[]): StatementShape {
  const first = tokens[0];
  if (first?.kind !== 'word') return barrier;
  switch (first.value) {
    case 'insert':
      return insertShape(text, tokens) ?? barrier;
    case 'update':
      return updateShape(text, tokens) ?? barrier;
    case 'delete':
      return deleteShape(text, tokens) ?? barrier;
    default:
      return barrier;
  }
}

const isWord = (token: Token | undefined, value: string) =>
  token?.kind === 'word' && token.value === value;
const isOp = (token: Token | undefined, value: string) =>
  token?.kind === 'op' && token.value === value;
const isName = (token: Token | undefined) => token?.kind === 'word' || token?.kind === 'ident';

/** `name` or `schema.name` at `i`. */
function qualifiedName(text: string, tokens: Token[], i: number) {
  const first = tokens[i];
  if (!first || !isName(first)) return undefined;
  let last = first;
  let next = i + 1;
  if (isOp(tokens[next], '.') && isName(tokens[next + 1])) {
    last = tokens[next + 1]!;
    next += 2;
  }
  return { table: last.value, tableText: text.slice(first.start, last.end), next };
}

/** Index of the `)` closing the `(` at `open`, or -1. */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i += 1) {
    if (isOp(tokens[i], '(')) depth += 1;
    else if (isOp(tokens[i], ')') && --depth === 0) return i;
  }
  return -1;
}

/**
 * Whether tokens [from, to) read nothing but the target row and the statement's parameters:
 * no frame word, no `;`, no call but a pure built-in one.
 */
function selfContained(tokens: Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const token = tokens[i]!;
    if (isOp(token, ';')) return false;
    if (token.kind === 'word' && frameWords.has(token.value)) return false;
    if (!isOp(tokens[i + 1], '(')) continue;
    if (token.kind === 'ident') return false;
    if (token.kind !== 'word') continue;
    const before = tokens[i - 1];
    if (isOp(before, '::')) continue; // a type modifier: varchar(10)
    if (isOp(before, '.')) return false; // a schema-qualified call
    if (!notCalls.has(token.value) && !pureFunctions.has(token.value)) return false;
  }
  return true;
}

function insertShape(text: string, tokens: Token[]): StatementShape | undefined {
  if (!isWord(tokens[1], 'into')) return undefined;
  const name = qualifiedName(text, tokens, 2);
  if (!name) return undefined;
  let i = name.next;
  if (isWord(tokens[i], 'as') && isName(tokens[i + 1])) i += 2;
  if (!isOp(tokens[i], '(')) return undefined;
  const columns: string[] = [];
  for (i += 1; ; i += 2) {
    if (!isName(tokens[i])) return undefined;
    columns.push(tokens[i]!.value);
    if (isOp(tokens[i + 1], ')')) break;
    if (!isOp(tokens[i + 1], ',')) return undefined;
  }
  i += 2;
  if (!isWord(tokens[i], 'values') || !isOp(tokens[i + 1], '(')) return undefined;
  const open = i + 1;
  const close = closing(tokens, open);
  if (close < 0 || !selfContained(tokens, open + 1, close)) return undefined;
  const write: TableWrite = { kind: 'write', table: name.table, tableText: name.tableText };
  i = close + 1;
  if (i === tokens.length) return write; // a plain INSERT: single-table, never merged
  if (!isWord(tokens[i], 'on') || !isWord(tokens[i + 1], 'conflict')) return undefined;
  i += 2;
  if (isOp(tokens[i], '(')) {
    const end = closing(tokens, i);
    if (end < 0 || !selfContained(tokens, i + 1, end)) return undefined;
    i = end + 1;
    if (isWord(tokens[i], 'where')) {
      const doAt = tokens.findIndex((token, at) => at > i && isWord(token, 'do'));
      if (doAt < 0 || !selfContained(tokens, i + 1, doAt)) return undefined;
      i = doAt;
    }
  } else if (isWord(tokens[i], 'on') && isWord(tokens[i + 1], 'constraint')) {
    if (!isName(tokens[i + 2])) return undefined;
    i += 3;
  }
  if (!isWord(tokens[i], 'do') || !isWord(tokens[i + 1], 'nothing') || i + 2 !== tokens.length) {
    return undefined;
  }
  const items: number[] = [];
  for (let at = open + 1; at < close; at += 2) {
    const item = tokens[at]!;
    const after = tokens[at + 1];
    if (item.kind !== 'param' || !(isOp(after, ',') || at + 1 === close)) return write;
    items.push(Number(item.value));
  }
  if (items.length !== columns.length) return write;
  return {
    ...write,
    values: {
      columns,
      items,
      head: text.slice(0, tokens[open]!.start),
      tail: text.slice(tokens[close]!.end),
    },
  };
}

function updateShape(text: string, tokens: Token[]): StatementShape | undefined {
  const target = targetTable(text, tokens, 1, 'set', 'required');
  if (!target || !selfContained(tokens, target.clauseAt + 1, tokens.length)) return undefined;
  return { kind: 'write', table: target.name.table, tableText: target.name.tableText };
}

function deleteShape(text: string, tokens: Token[]): StatementShape | undefined {
  if (!isWord(tokens[1], 'from')) return undefined;
  const target = targetTable(text, tokens, 2, 'where', 'optional');
  if (!target || !selfContained(tokens, target.clauseAt + 1, tokens.length)) return undefined;
  return { kind: 'write', table: target.name.table, tableText: target.name.tableText };
}

/**
 * `[ONLY] table [[AS] alias]` from `start`, followed by `clause` (`SET`, `WHERE`), or by the end
 * of the statement when the clause is optional. Where the clause starts, or undefined.
 */
function targetTable(
  text: string,
  tokens: Token[],
  start: number,
  clause: string,
  presence: 'required' | 'optional',
) {
  let i = start;
  if (isWord(tokens[i], 'only')) i += 1;
  const name = qualifiedName(text, tokens, i);
  if (!name) return undefined;
  i = name.next;
  if (isWord(tokens[i], 'as')) i += 1;
  if (isName(tokens[i]) && !isWord(tokens[i], clause)) i += 1;
  const ends = presence === 'optional' && i === tokens.length;
  return isWord(tokens[i], clause) || ends ? { name, clauseAt: i } : undefined;
}

/** SQL as tokens, comments dropped; undefined for anything this lexer is unsure of. */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  const push = (kind: Token['kind'], value: string, start: number, end: number) => {
    tokens.push({ kind, value, start, end });
    i = end;
  };
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? n : end;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      // Postgres nests block comments; this lexer does not, so it gives up on one.
      if (end === -1 || text.slice(i + 2, end).includes('/*')) return undefined;
      i = end + 2;
    } else if (c === "'") {
      const end = quotedEnd(text, i, c, isEscapeString(text, i));
      if (end >= n) return undefined; // maybe unterminated: not worth telling apart
      push('literal', text.slice(i, end), i, end);
    } else if (c === '"') {
      const end = quotedEnd(text, i, c, false);
      if (end >= n || end <= i + 2) return undefined;
      push('ident', text.slice(i + 1, end - 1).replace(/""/g, '"'), i, end);
    } else if (c === '$') {
      if (isIdentifierChar(text[i - 1])) return undefined;
      const placeholder = /^\$(\d+)/.exec(text.slice(i, i + 12));
      if (placeholder) {
        push('param', String(Number(placeholder[1]) - 1), i, i + placeholder[0].length);
        continue;
      }
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (!tag) return undefined;
      const close = text.indexOf(tag[0], i + tag[0].length);
      if (close === -1) return undefined;
      push('literal', text.slice(i, close + tag[0].length), i, close + tag[0].length);
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next ?? ''))) {
      const number = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(i))!;
      if (isIdentifierChar(text[i + number[0].length])) return undefined;
      push('literal', number[0], i, i + number[0].length);
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const word = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(text.slice(i))![0];
      // E'…', B'…', X'…', N'…' are string constants, U&'…' and U&"…" are not worth the risk.
      if (text[i + word.length] === "'" || text[i + word.length] === '&') {
        if (!/^[ebxnEBXN]$/.test(word) || text[i + word.length] === '&') return undefined;
        i += word.length;
        continue; // the string itself is lexed next
      }
      push(
        'word',
        word.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
        i,
        i + word.length,
      );
    } else if ('(),;[]'.includes(c)) {
      push('op', c, i, i + 1);
    } else if (c === ':') {
      const op = next === ':' ? '::' : ':';
      push('op', op, i, i + op.length);
    } else if (c === '.') {
      push('op', c, i, i + 1);
    } else if ('+-*/<>=~!@#%^&|`?'.includes(c)) {
      let end = i + 1;
      while (end < n && '+-*/<>=~!@#%^&|`?'.includes(text[end]!)) {
        const pair = text.slice(end, end + 2);
        if (pair === '--' || pair === '/*') break;
        end += 1;
      }
      push('op', text.slice(i, end), i, end);
    } else {
      return undefined;
    }
  }
  return tokens;
}
