/**
 * The instant inside a list cursor, exactly as the read queries write it (`toISOString()` form,
 * years 0001–9999). Cursors are opaque but can be forged: anything else is refused before it
 * reaches Postgres, which cannot represent year 0000 and would fail the query.
 */
const cursorInstant = /^(?!0000)[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$/;

export function isCursorInstant(at: string): boolean {
  if (!cursorInstant.test(at)) return false;
  // A real instant prints back the same; `2025-02-30` would print as 2 March.
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString() === at;
}
