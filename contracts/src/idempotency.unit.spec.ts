import { idempotencyKeyProblem } from './idempotency';

describe('idempotencyKeyProblem', () => {
  it.each([
    ['a'],
    ['5c2a4b8e-9d1f-4e3a-8b7c-6d5e4f3a2b1c'],
    ['order 42: retry #3 ~ (ok)'],
    ['x'.repeat(255)],
  ])('accepts %j', (key) => {
    expect(idempotencyKeyProblem(key)).toBeUndefined();
  });

  it.each([
    ['', 'must not be empty'],
    ['x'.repeat(256), 'must be at most 255 characters'],
    ['clé', 'must be printable ASCII characters only'],
    ['tab\there', 'must be printable ASCII characters only'],
    ['line\nbreak', 'must be printable ASCII characters only'],
  ])('refuses %j: %s', (key, problem) => {
    expect(idempotencyKeyProblem(key)).toBe(problem);
  });
});
