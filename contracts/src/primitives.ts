/**
 * Building blocks shared by every schema: formats, nullability and examples.
 * Named once so that a rule (what a uuid or a colour is) lives in one place.
 */
import { Type, type Static, type TSchema, type TStringOptions } from 'typebox';

/** `T | null` as JSON Schema `anyOf`, which OpenAPI 3.1 renders as nullable. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/**
 * Attaches a typed example to a schema. The example is checked against the static type here
 * and against the runtime schema by the contracts tests, and it feeds the OpenAPI document.
 * The schema object is extended in place because TypeBox keeps its kind marker in a
 * non-enumerable property that a spread would lose.
 */
export function exampled<T extends TSchema>(schema: T, example: Static<T>): T {
  return Object.assign(schema, { examples: [example] });
}

/**
 * For generic wrappers (`{ data }`, lists) whose example derives from an already typed one,
 * where TypeScript cannot relate the generic static types. The contracts tests check them.
 */
export function attachExample<T extends TSchema>(schema: T, example: unknown): T {
  return Object.assign(schema, { examples: [example] });
}

/** The first example of a schema (set by {@link exampled}); contracts fail fast without one. */
export function exampleOf<T extends TSchema>(schema: T): Static<T> {
  const examples = (schema as { examples?: unknown }).examples;
  if (!Array.isArray(examples) || examples.length === 0) {
    throw new Error(`Schema ${describe(schema)} has no example`);
  }
  return examples[0] as Static<T>;
}

function describe(schema: TSchema): string {
  const { $id, title } = schema as { $id?: string; title?: string };
  return $id ?? title ?? 'without $id';
}

export const Uuid = (options: TStringOptions = {}) => Type.String({ format: 'uuid', ...options });

/** The largest value of a Postgres `integer` column: every integer field's upper bound. */
export const INT4_MAX = 2_147_483_647;

/**
 * An RFC 3339 instant that Postgres can represent: years 0001 to 9999 and a UTC offset of at
 * most ±15:59 (`0000-01-01T00:00:00Z` or `-23:59` are valid RFC 3339 but not timestamptz).
 * Seconds run 00 to 59: RFC 3339 allows a leap second (`23:59:60`), but JavaScript's `Date`
 * cannot parse one and Postgres stores it as the next second (`9999-12-31T23:59:60Z` becomes
 * year 10000), so it could neither be handled nor stored as sent.
 */
export const DATE_TIME_PATTERN =
  '^(?!0000)[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-5][0-9](?:\\.[0-9]+)?(?:[Zz]|[+-](?:0[0-9]|1[0-5]):[0-5][0-9])$';

export const DateTime = (options: TStringOptions = {}) =>
  Type.String({ format: 'date-time', pattern: DATE_TIME_PATTERN, ...options });

/**
 * An absolute http(s) URL. `format: uri` alone also accepts `javascript:` and `data:` URIs,
 * which must never reach a brand's storefront links or a member's browser.
 */
export const HTTP_URL_PATTERN = '^https?://';

export const HttpUrl = (options: TStringOptions = {}) =>
  Type.String({ format: 'uri', pattern: HTTP_URL_PATTERN, maxLength: 2048, ...options });

/** The store's own id of a product or variant (unique per brand and kind). */
export const StoreId = (options: TStringOptions = {}) =>
  Type.String({ minLength: 1, maxLength: 255, ...options });

export const HEX_COLOR_PATTERN =
  '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$';

/** CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa. */
export const HexColor = (options: TStringOptions = {}) =>
  Type.String({ pattern: HEX_COLOR_PATTERN, ...options });

export const CURRENCY_CODE_PATTERN = '^[A-Z]{3}$';

/** ISO 4217 currency code. */
export const CurrencyCode = (options: TStringOptions = {}) =>
  Type.String({ pattern: CURRENCY_CODE_PATTERN, ...options });

export const PHONE_NUMBER_PATTERN = '^\\+[1-9][0-9]{6,14}$';

/** E.164 phone number (`+` and up to 15 digits), the form SMS providers accept. */
export const PhoneNumber = (options: TStringOptions = {}) =>
  Type.String({ pattern: PHONE_NUMBER_PATTERN, ...options });

/** A webhook message id (`webhook-id`): `msg_` and 27 base64url characters, from the event id. */
export const WEBHOOK_MESSAGE_ID_PATTERN = '^msg_[A-Za-z0-9_-]{27}$';

export const Email = (options: TStringOptions = {}) =>
  Type.String({ format: 'email', maxLength: 254, ...options });

/**
 * A name people read (a group, a badge, a member's first or last name). Leading and trailing
 * whitespace is removed before it is stored; what remains must still be 1 to `maxLength`
 * characters.
 */
export const DisplayName = (maxLength: number, options: TStringOptions = {}) =>
  Type.String({
    minLength: 1,
    maxLength,
    description: `Leading and trailing whitespace is removed; 1 to ${maxLength} characters remain.`,
    ...options,
  });

/** Pixel dimension of an image. */
export const PixelSize = () => Type.Integer({ minimum: 1, maximum: 100_000 });
