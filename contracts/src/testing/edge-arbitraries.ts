/**
 * fast-check arbitraries derived from a TypeBox (JSON Schema) definition that favour the
 * edges of its domain. Two kinds of value come out:
 * - inside the schema, at its bounds: the longest allowed string, the largest allowed integer,
 *   2^31 − 1 and 2^53 − 1 when the schema allows them, astral and combining characters;
 * - one step outside: a bound plus one, text Postgres cannot store (NUL, lone surrogates),
 *   instants Postgres cannot represent, a wrong type, a missing or an unknown property.
 * An object outside its schema is mostly valid with one property pushed out, so each request
 * tests one edge and the others still let it reach the write path.
 * Property tests send them through the real app: whatever the API accepts must be projectable.
 */
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { unstorableText } from '../storable-text';

interface JsonSchema {
  type?: string;
  uniqueItems?: boolean;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
}

/** Values of every JSON type, for a field that expects another one. */
const anyJson: fc.Arbitrary<unknown> = fc.constantFrom(
  null,
  true,
  0,
  -1,
  1.5,
  '',
  '0',
  'true',
  [],
  {},
);

/** Characters that are valid but stress storage and display: astral, combining, RTL, separators. */
const trickyCharacters = [
  '\ud83d\ude00',
  'e\u0301',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\uffff',
  '<',
  '"',
  '\\',
  ' ',
];

/** Characters Postgres text cannot hold: NUL and unpaired surrogates. */
const unstorableCharacters = ['\u0000', '\ud800', '\udfff'];

/** Printable characters, now and then a tricky one; never one Postgres cannot store. */
const character: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 6 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 3 },
    { arbitrary: fc.constantFrom(...trickyCharacters), weight: 1 },
  )
  .filter((char) => unstorableText(char) === undefined);

/** A string of exactly `length` code points (what JSON Schema's maxLength counts). */
function textOfLength(length: number): fc.Arbitrary<string> {
  if (length <= 0) return fc.constant('');
  // Long strings repeat a generated chunk: a 65,535-character field costs no more than a short one.
  const chunk = Math.min(length, 64);
  return fc.array(character, { minLength: chunk, maxLength: chunk }).map((parts) => {
    const points = [...parts.join('')];
    return Array.from({ length }, (_, index) => points[index % points.length]).join('');
  });
}

/** The same string with one code point replaced by a character Postgres cannot store. */
function poisoned(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(text, fc.nat(), fc.constantFrom(...unstorableCharacters))
    .map(([value, at, bad]) => {
      const points = [...value];
      points[points.length === 0 ? 0 : at % points.length] = bad;
      return points.join('');
    });
}

/** Lengths inside the bounds, at them half of the time. */
function lengthInside(min: number, max: number | undefined): fc.Arbitrary<number> {
  const upper = max ?? Math.max(min, 256);
  return fc.oneof(
    { arbitrary: fc.integer({ min, max: Math.min(upper, min + 40) }), weight: 1 },
    { arbitrary: fc.constantFrom(min, upper), weight: 1 },
  );
}

const outsideLengths = (min: number, max: number | undefined) =>
  [min - 1, ...(max === undefined ? [] : [max + 1])].filter((n) => n >= 0);

/** Integers a column type or JSON reader treats specially. */
const integerLandmarks = [0, 1, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 53 - 1, 3_000_000_000];

function integersInside(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? -(2 ** 53 - 1);
  const max = s.maximum ?? 2 ** 53 - 1;
  const landmarks = [min, max, min + 1, max - 1, ...integerLandmarks].filter(
    (n) => n >= min && n <= max,
  );
  return fc.oneof(
    { arbitrary: fc.constantFrom(...new Set(landmarks)), weight: 1 },
    {
      arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }),
      weight: 1,
    },
  );
}

function integersOutside(s: JsonSchema): fc.Arbitrary<unknown> {
  const beyond = [
    ...(s.minimum === undefined ? [] : [s.minimum - 1]),
    ...(s.maximum === undefined ? [2 ** 53 + 2, 1e21] : [s.maximum + 1, 2 ** 31, 2 ** 53 + 2]),
  ];
  return fc.constantFrom(...beyond, 0.5, -0.5, 1e-7);
}

/** RFC 3339 instants Postgres can hold, from year 0001 to 9999 and any offset up to ±15:59. */
const instantsInside: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0001-01-01T00:00:00Z',
    '0001-01-01T00:00:00+15:59',
    '1970-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '9999-12-31T23:59:59-15:59',
    '2025-01-01t00:00:00z',
    '2025-01-01T00:00:00.123456789Z',
  ),
  fc
    .tuple(
      fc.date({
        min: new Date('0001-01-02T00:00:00Z'),
        max: new Date('9999-12-30T00:00:00Z'),
        noInvalidDate: true,
      }),
      fc.constantFrom('Z', '+00:00', '-05:30', '+14:00', '-15:59'),
    )
    .map(([date, zone]) => date.toISOString().replace('Z', zone)),
);

const instantsOutside: fc.Arbitrary<string> = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '2025-06-30T23:59:60Z',
  '9999-12-31T23:59:60Z',
  '2025-01-01T00:00:00-23:59',
  '2025-01-01T00:00:00+16:00',
  '2025-02-30T00:00:00Z',
  '2025-01-01',
  'yesterday',
);

/**
 * Strings shaped by a pattern. fast-check cannot generate lookaheads, so they are dropped and
 * `keep` decides: inside the schema only what the whole pattern matches is kept.
 */
function matching(pattern: string, keep: (text: string) => boolean): fc.Arbitrary<string> {
  const withoutLookaheads = pattern.replace(/\(\?[=!](?:\\.|[^()\\]|\([^()]*\))*\)/g, '');
  return fc.stringMatching(new RegExp(withoutLookaheads)).filter(keep);
}

function stringsInside(s: JsonSchema): fc.Arbitrary<string> {
  const within = (text: string) =>
    [...text].length >= (s.minLength ?? 0) && [...text].length <= (s.maxLength ?? Infinity);
  switch (s.format) {
    case 'uuid':
      return fc.oneof(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'));
    case 'date-time':
      return instantsInside;
    case 'email':
      return fc.oneof(fc.emailAddress(), longAddress(s.maxLength ?? 254, 0)).filter(within);
    case 'uri':
      return fc
        .oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          longUrl(s.maxLength ?? 2048, 0),
        )
        .filter(within);
  }
  if (s.pattern !== undefined) {
    const pattern = new RegExp(s.pattern, 'u');
    return matching(s.pattern, (text) => pattern.test(text) && within(text));
  }
  return lengthInside(s.minLength ?? 0, s.maxLength).chain(textOfLength);
}

function stringsOutside(s: JsonSchema): fc.Arbitrary<string> {
  const lengths = outsideLengths(s.minLength ?? 0, s.maxLength);
  const wrongLength = lengths.length > 0 ? [fc.constantFrom(...lengths).chain(textOfLength)] : [];
  const byFormat: fc.Arbitrary<string>[] = [];
  switch (s.format) {
    case 'uuid':
      byFormat.push(
        fc.uuid().map((id) => id.toUpperCase()),
        fc.constant('not-a-uuid'),
      );
      break;
    case 'date-time':
      byFormat.push(instantsOutside);
      break;
    case 'email':
      byFormat.push(longAddress(s.maxLength ?? 254, 1), fc.constant('not an address'));
      break;
    case 'uri':
      byFormat.push(
        longUrl(s.maxLength ?? 2048, 1),
        fc.constantFrom('javascript:alert(1)', '/relative'),
      );
      break;
  }
  if (s.pattern !== undefined) byFormat.push(matching(s.pattern, () => true));
  return fc.oneof(poisoned(stringsInside(s)), ...wrongLength, ...byFormat);
}

/** Addresses at the length bound, or one character past it. */
function longAddress(max: number, past: number): fc.Arbitrary<string> {
  const domain = '@example.com';
  return fc.constant(`${'a'.repeat(Math.max(1, max + past - domain.length))}${domain}`);
}

function longUrl(max: number, past: number): fc.Arbitrary<string> {
  const base = 'https://shop.example.com/';
  return fc.constant(`${base}${'p'.repeat(Math.max(0, max + past - base.length))}`);
}

function objectsInside(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([name, property]) => [name, inside(property)]),
  );
  return fc.record(properties, {
    requiredKeys: (s.required ?? []).filter((name) => name in properties),
  });
}

/** A valid object with one property pushed out, a required one left out, or an unknown one. */
function objectsOutside(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(s.properties ?? {});
  const perturbations: fc.Arbitrary<(value: Record<string, unknown>) => Record<string, unknown>>[] =
    [
      fc
        .tuple(fc.constantFrom('unknownField', '__proto__', 'id'), anyJson)
        .map(([name, extra]) => (value) => {
          const copy = { ...value };
          Object.defineProperty(copy, name, { value: extra, enumerable: true, writable: true });
          return copy;
        }),
    ];
  if (names.length > 0) {
    perturbations.push(
      fc.constantFrom(...names).chain((name) =>
        outside(s.properties![name]!).map((bad) => (value: Record<string, unknown>) => ({
          ...value,
          [name]: bad,
        })),
      ),
    );
  }
  if ((s.required ?? []).length > 0) {
    perturbations.push(
      fc.constantFrom(...s.required!).map((name) => (value: Record<string, unknown>) => {
        const { [name]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  return fc
    .tuple(objectsInside(s), fc.oneof(...perturbations))
    .map(([value, perturb]) => perturb(value));
}

function arraysInside(s: JsonSchema): fc.Arbitrary<unknown[]> {
  const items = inside(s.items ?? {});
  const max = s.maxItems ?? 10;
  return fc.oneof(
    { arbitrary: arrayOf(s, items, s.minItems ?? 0, Math.min(max, 3)), weight: 6 },
    { arbitrary: arrayOf(s, items, max, max), weight: 1 },
  );
}

function arraysOutside(s: JsonSchema): fc.Arbitrary<unknown[]> {
  const items = inside(s.items ?? {});
  const badItem = fc
    .tuple(arrayOf(s, items, 0, 2), outside(s.items ?? {}))
    .map(([some, bad]) => [...some, bad]);
  const wrongLengths = outsideLengths(s.minItems ?? 0, s.maxItems).map((length) =>
    arrayOf(s, items, length, length),
  );
  const repeated = s.uniqueItems
    ? [fc.array(items, { minLength: 1, maxLength: 2 }).map((some) => [...some, ...some])]
    : [];
  return fc.oneof(badItem, ...wrongLengths, ...repeated);
}

/**
 * Arrays of `min` to `max` items, distinct when the schema says so. Past a few items, copies
 * of a few keep a 100-record body cheap to build; distinct items are generated one by one.
 */
function arrayOf(
  s: JsonSchema,
  items: fc.Arbitrary<unknown>,
  min: number,
  max: number,
): fc.Arbitrary<unknown[]> {
  if (s.uniqueItems) {
    return fc.uniqueArray(items, {
      minLength: min,
      maxLength: max,
      selector: (item) => JSON.stringify(item),
    });
  }
  if (max <= 3) return fc.array(items, { minLength: min, maxLength: max });
  return fc
    .tuple(fc.integer({ min, max }), fc.array(items, { minLength: 1, maxLength: 3 }))
    .map(([length, some]) => Array.from({ length }, (_, index) => some[index % some.length]));
}

function inside(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.anyOf && s.type === undefined) return fc.oneof(...s.anyOf.map(inside));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'object':
      return objectsInside(s);
    case 'array':
      return arraysInside(s);
    case 'integer':
      return integersInside(s);
    case 'number':
      return fc.oneof(integersInside(s), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'string':
      return stringsInside(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

function outside(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.anyOf && s.type === undefined) return fc.oneof(anyJson, ...s.anyOf.map(outside));
  switch (s.type) {
    case 'object':
      return fc.oneof(
        { arbitrary: objectsOutside(s), weight: 4 },
        { arbitrary: anyJson, weight: 1 },
      );
    case 'array':
      return fc.oneof(
        { arbitrary: arraysOutside(s), weight: 4 },
        { arbitrary: anyJson, weight: 1 },
      );
    case 'integer':
    case 'number':
      return fc.oneof(integersOutside(s), fc.constantFrom('1', null, true));
    case 'string':
      return fc.oneof(
        { arbitrary: stringsOutside(s), weight: 4 },
        { arbitrary: fc.constantFrom(1, null, []), weight: 1 },
      );
    default:
      return anyJson;
  }
}

/**
 * Values for `schema`: one in three inside it at its edges, the others one step outside.
 */
export function edgeArbitrary(schema: TSchema): fc.Arbitrary<unknown> {
  const s = schema as unknown as JsonSchema;
  return fc.oneof({ arbitrary: inside(s), weight: 1 }, { arbitrary: outside(s), weight: 2 });
}

/** Values inside `schema` only, at its edges. */
export function insideArbitrary(schema: TSchema): fc.Arbitrary<unknown> {
  return inside(schema);
}
