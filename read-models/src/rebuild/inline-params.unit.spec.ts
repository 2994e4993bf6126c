import { inlineParams } from './inline-params';

describe('inlineParams', () => {
  it('replaces each placeholder with the literal pg would have sent, $10 not read as $1', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineParams('VALUES ($1, $10, $2)', params)).toBe(`VALUES ('1', '10', '2')`);
    expect(inlineParams('SELECT $1, $1', [null])).toBe('SELECT NULL, NULL');
  });

  it('serialises arrays, JSON, dates and quotes like the driver', () => {
    expect(inlineParams('SELECT $1::text[]', [['a', "it's", null]])).toBe(
      `SELECT '{"a","it''s",NULL}'::text[]`,
    );
    expect(inlineParams('SELECT $1::jsonb', [{ a: 'b' }])).toBe(`SELECT '{"a":"b"}'::jsonb`);
    // pg's escapeLiteral writes backslashes as an E'' string with a leading space.
    expect(inlineParams('SELECT $1', ['back\\slash'])).toBe(`SELECT  E'back\\\\slash'`);
    expect(inlineParams('SELECT $1', [true])).toBe(`SELECT 'true'`);
  });

  it('leaves strings, quoted identifiers, comments and dollar-quoted bodies alone', () => {
    const sql = `SELECT '$1', E'\\'$1', "$1", $$ $1 $$, $tag$ $1 $tag$ -- $1
      /* $1 */ , $1`;
    expect(inlineParams(sql, ['x'])).toBe(sql.replace(/, \$1$/, ", 'x'"));
  });

  it('refuses a placeholder without a parameter', () => {
    expect(() => inlineParams('SELECT $2', ['x'])).toThrow(RangeError);
  });
});
