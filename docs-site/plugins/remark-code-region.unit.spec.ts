import { exampleJson, extractRegion } from './remark-code-region.mjs';

const source = [
  'import x from "y";',
  '// #region outer',
  'export function f() {',
  '  // #region inner',
  '  return 1;',
  '  // #endregion inner',
  '}',
  '// #endregion outer',
].join('\n');

describe('extractRegion', () => {
  it('returns the lines of a region without nested markers', () => {
    expect(extractRegion(source, 'outer', 'x.ts')).toBe('export function f() {\n  return 1;\n}');
  });

  it('strips the common indentation of a nested region', () => {
    expect(extractRegion(source, 'inner', 'x.ts')).toBe('return 1;');
  });

  it('fails the build on a missing region', () => {
    expect(() => extractRegion(source, 'gone', 'x.ts')).toThrow('region "gone" not found in x.ts');
  });
});

describe('exampleJson', () => {
  const examples = { 'user.joined': { type: 'user.joined', data: { userId: 'u1' } } };

  it('pretty-prints a named example', () => {
    expect(JSON.parse(exampleJson(examples, 'user.joined'))).toEqual(examples['user.joined']);
    expect(exampleJson(examples, 'user.joined')).toContain('\n  "data": {');
  });

  it('fails the build on an unknown example', () => {
    expect(() => exampleJson(examples, 'user.left')).toThrow(
      'no example "user.left" (known: user.joined)',
    );
  });
});
